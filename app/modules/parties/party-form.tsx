import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AttachmentsField as FileList } from "~/widgets/attachments-field";
import { PARTIES } from "~/modules/parties/texts/parties";
import { formatCents } from "~/lib/cents";
import { Badge } from "~/ui/badge";
import { Empty } from "~/ui/empty";
import type { FormExtraContext } from "~/modules/resource/resource-drawers";

/**
 * The parties' own part of the create/edit drawer (under the declared fields, their contacts and certificates among
 * them): the attachments through the upload widget; and the detail's blocks.
 */
export function AttachmentsField({ values, errorOf }: Pick<FormExtraContext, "values" | "errorOf">) {
  const { t } = useTranslation(PARTIES);
  return <FileList values={values} errorOf={errorOf} label={t("customer.attachments")} />;
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

const CERT_TONES = { expired: "danger", expiring: "warning", valid: "success" } as const;

/** A certificate's flag as a badge: red when expired, amber within 30 days. */
export function CertificateFlag({ flag }: { flag: "valid" | "expiring" | "expired" | null }) {
  const { t } = useTranslation(PARTIES);
  return flag ? <Badge tone={CERT_TONES[flag]}>{t(`supplier.${flag}`)}</Badge> : <span className="text-muted">—</span>;
}
