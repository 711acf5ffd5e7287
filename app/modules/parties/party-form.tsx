import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AttachmentsField as FileList } from "~/widgets/attachments-field";
import { Upload } from "~/widgets/upload";
import { PARTIES } from "~/i18n/screen/parties";
import { formatCents } from "~/lib/cents";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/field";
import { Empty } from "~/ui/empty";
import { MoneyInput } from "~/widgets/money-input";
import { useHydrated } from "~/widgets/use-hydrated";
import type { FormExtraContext } from "~/modules/resource/resource-drawers";
import { boxClass } from "~/ui/input";

/*
 * The parties' own part of the create/edit drawer (under the generic fields, inside the same form): nested lines
 * (contacts, certificates) posted as `name[i].field`, the credit limit as a money input, attachments through the
 * upload widget; and the detail's blocks. Everything posts as a plain form, so it works before JavaScript too: the
 * editor always offers one blank line, which the server drops.
 */

export interface LineColumn {
  key: string;
  label: string;
  type?: "text" | "tel" | "date" | "file";
  maxLength?: number;
  /** a Tailwind width class of the column */
  width?: string;
}

type Line = Record<string, string>;
let uidCounter = 0;
const nextUid = () => `l${++uidCounter}`;

/** The lines a form shows: what was posted or stored (holes dropped), then one blank line to type into. */
function initialLines(value: unknown): (Line & { uid: string })[] {
  const rows = Array.isArray(value) ? value.filter((r): r is Line => Boolean(r) && typeof r === "object") : [];
  return [...rows, {}].map((r) => ({ ...Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v == null ? "" : String(v)])), uid: nextUid() }));
}

/** Nested lines `name[i].key`, a row's message under its field; 添加 adds a line, 删除 removes one (re-numbered by position). */
export function LinesEditor({ name, legend, columns, value, errorOf, addLabel, removeLabel }: { name: string; legend: string; columns: LineColumn[]; value: unknown; errorOf: (key: string) => string | null; addLabel: string; removeLabel: string }) {
  const [lines, setLines] = useState(() => initialLines(value));
  const hydrated = useHydrated();
  return (
    <fieldset className="col-span-2 mb-4" data-testid={`lines-${name}`} data-hydrated={hydrated ? "true" : undefined}>
      <legend className="mb-1 text-sm font-medium text-ink">{legend}</legend>
      <table className="w-full table-fixed border-collapse text-sm">
        <thead>
          <tr className="text-left text-muted">
            {columns.map((c) => (
              <th key={c.key} scope="col" className={`px-1 pb-1 font-normal ${c.width ?? ""}`}>
                {c.label}
              </th>
            ))}
            <th scope="col" className="w-14">
              <span className="sr-only">{removeLabel}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, i) => (
            <tr key={line.uid} className="align-top">
              {columns.map((c) => {
                const key = `${name}[${i}].${c.key}`;
                const error = errorOf(key);
                const id = `field-${name}-${i}-${c.key}`;
                return (
                  <td key={c.key} className="px-1 pb-2">
                    {c.type === "file" ? (
                      <Upload name={key} variant="text" kind="general" limit={1} defaultFiles={line[c.key] ? [{ id: Number(line[c.key]), name: line[`${c.key}Name`] || `#${line[c.key]}`, url: line[`${c.key}Url`] || null }] : []} id={id} />
                    ) : (
                      <input
                        id={id}
                        name={key}
                        type={c.type ?? "text"}
                        defaultValue={line[c.key] ?? ""}
                        maxLength={c.maxLength}
                        aria-label={`${c.label} ${i + 1}`}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${id}-error` : undefined}
                        autoComplete="off"
                        className={`${boxClass} h-9 w-full px-2`}
                      />
                    )}
                    {error ? (
                      <p id={`${id}-error`} role="alert" className="mt-0.5 text-xs text-danger">
                        {error}
                      </p>
                    ) : null}
                  </td>
                );
              })}
              <td className="pb-2 text-right">
                <Button type="button" variant="ghost" onClick={() => setLines((ls) => (ls.length > 1 ? ls.filter((l) => l.uid !== line.uid) : [{ uid: nextUid() }]))}>
                  {removeLabel}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button type="button" variant="secondary" onClick={() => setLines((ls) => [...ls, { uid: nextUid() }])}>
        {addLabel}
      </Button>
    </fieldset>
  );
}

/** The contact lines of a customer or supplier. */
export function ContactLines({ values, errorOf }: Pick<FormExtraContext, "values" | "errorOf">) {
  const { t } = useTranslation(PARTIES);
  return (
    <LinesEditor
      name="contacts"
      legend={t("customer.contacts")}
      columns={[
        { key: "name", label: t("customer.contactName"), maxLength: 20 },
        { key: "phone", label: t("customer.contactPhone"), type: "tel", maxLength: 13 },
        { key: "role", label: t("customer.contactRole"), maxLength: 20 },
      ]}
      value={values.contacts}
      errorOf={errorOf}
      addLabel={t("customer.addContact")}
      removeLabel={t("customer.removeContact")}
    />
  );
}

/** Attachments (licence scans) through the upload widget: one hidden `attachments` input per file. */
export function AttachmentsField({ values, errorOf }: Pick<FormExtraContext, "values" | "errorOf">) {
  const { t } = useTranslation(PARTIES);
  return <FileList values={values} errorOf={errorOf} label={t("customer.attachments")} />;
}

/** The customer's own fields: credit limit, contacts, attachments. */
export function CustomerFormExtra({ values, errorOf }: FormExtraContext) {
  const { t } = useTranslation(PARTIES);
  const error = errorOf("creditLimit");
  return (
    <div className="grid grid-cols-2 gap-x-4">
      <div className="mb-4">
        <label htmlFor="field-creditLimit" className="mb-1 block text-sm font-medium text-ink">
          {t("customer.creditLimit")}
        </label>
        <MoneyInput id="field-creditLimit" name="creditLimit" defaultValue={typeof values.creditLimit === "string" ? values.creditLimit : ""} min={0} aria-invalid={error ? true : undefined} aria-describedby="field-creditLimit-note" />
        <p id="field-creditLimit-note" className={`mt-0.5 text-xs ${error ? "text-danger" : "text-muted"}`} role={error ? "alert" : undefined}>
          {error ?? t("customer.creditLimitHint")}
        </p>
      </div>
      <div />
      <ContactLines values={values} errorOf={errorOf} />
      <AttachmentsField values={values} errorOf={errorOf} />
    </div>
  );
}

/** A small table of the detail (contacts, certificates, contracts), or its empty note. */
export function DetailTable({ caption, head, rows, empty, testId }: { caption: string; head: string[]; rows: ReactNode[][]; empty: string; testId?: string }) {
  return (
    <section className="mb-4" data-testid={testId}>
      <h3 className="mb-1 text-sm font-medium text-ink">{caption}</h3>
      {rows.length ? (
        <table className="w-full border-collapse text-sm">
          <thead>
            <tr className="border-b border-line text-left text-muted">
              {head.map((h) => (
                <th key={h} scope="col" className="px-1 py-1 font-normal">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i} className="border-b border-line/60">
                {r.map((c, j) => (
                  <td key={j} className="px-1 py-1 text-ink">
                    {c}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <Empty className="py-3">{empty}</Empty>
      )}
    </section>
  );
}

export interface ExposureFigures {
  contractsCents: number;
  billsCents: number;
  exposureCents: number;
  limitCents: number | null;
  over: boolean;
}

/** The credit exposure against the limit: red when over, with what it is made of. */
export function ExposurePanel({ exposure }: { exposure: ExposureFigures }) {
  const { t } = useTranslation(PARTIES);
  const left = exposure.limitCents === null ? null : exposure.limitCents - exposure.exposureCents;
  return (
    <section className={`mb-4 rounded-md border p-3 ${exposure.over ? "border-danger bg-danger/10" : "border-line"}`} data-testid="customer-exposure" data-over={exposure.over ? "1" : "0"}>
      <div className="flex items-baseline justify-between gap-3">
        <h3 className="text-sm font-medium text-ink" title={t("customer.exposureHint")}>
          {t("customer.exposure")}
        </h3>
        <span className={`text-lg font-semibold tabular-nums ${exposure.over ? "text-danger" : "text-ink"}`}>¥{formatCents(exposure.exposureCents)}</span>
      </div>
      <dl className="mt-1 grid grid-cols-3 gap-2 text-xs text-muted">
        <div>
          <dt>{t("customer.openContracts")}</dt>
          <dd className="tabular-nums text-ink">¥{formatCents(exposure.contractsCents)}</dd>
        </div>
        <div>
          <dt>{t("customer.unpaidBills")}</dt>
          <dd className="tabular-nums text-ink" title={t("customer.billsLater")}>
            ¥{formatCents(exposure.billsCents)}
          </dd>
        </div>
        <div>
          <dt>{t("customer.limit")}</dt>
          <dd className="tabular-nums text-ink">{exposure.limitCents === null ? t("customer.noLimit") : `¥${formatCents(exposure.limitCents)}`}</dd>
        </div>
      </dl>
      {left !== null ? (
        <p className="mt-1 text-xs">
          {exposure.over ? <Badge tone="danger">{t("customer.overLimit", { value: formatCents(-left) })}</Badge> : <span className="text-muted">{t("customer.withinLimit", { value: formatCents(left) })}</span>}
        </p>
      ) : null}
      <p className="mt-1 text-xs text-muted">{t("customer.billsLater")}</p>
    </section>
  );
}

/** The supplier's own fields: contacts, qualification certificates (with their scans), attachments. */
export function SupplierFormExtra({ values, errorOf }: FormExtraContext) {
  const { t } = useTranslation(PARTIES);
  return (
    <div className="grid grid-cols-2 gap-x-4">
      <ContactLines values={values} errorOf={errorOf} />
      <LinesEditor
        name="certificates"
        legend={t("supplier.certificates")}
        columns={[
          { key: "name", label: t("supplier.certName"), maxLength: 50, width: "w-[28%]" },
          { key: "number", label: t("supplier.certNumber"), maxLength: 50 },
          { key: "issuer", label: t("supplier.certIssuer"), maxLength: 50 },
          { key: "validUntil", label: t("supplier.certValidUntil"), type: "date", width: "w-36" },
          { key: "fileId", label: t("supplier.certScan"), type: "file", width: "w-28" },
        ]}
        value={values.certificates}
        errorOf={errorOf}
        addLabel={t("supplier.addCertificate")}
        removeLabel={t("customer.removeContact")}
      />
      <AttachmentsField values={values} errorOf={errorOf} />
    </div>
  );
}

const CERT_TONES = { expired: "danger", expiring: "warning", valid: "success" } as const;

/** A certificate's flag as a badge: red when expired, amber within 30 days. */
export function CertificateFlag({ flag }: { flag: "valid" | "expiring" | "expired" | null }) {
  const { t } = useTranslation(PARTIES);
  return flag ? <Badge tone={CERT_TONES[flag]}>{t(`supplier.${flag}`)}</Badge> : <span className="text-muted">—</span>;
}
