/**
 * The contract document (`/contractList/form`): the head, the machines as a table of nested rows (`lines[i].monthly`…),
 * the one-off fees (`fees[i]`) and the payment plan (`plans[i]`), posted as one form and read by Conform on the server.
 * Adding or removing a row is a submit button the server answers with the form one row longer or shorter, so it works
 * without JavaScript; a contract not editable (in approval, in force) shows the same form disabled.
 */
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CONTRACTS } from "~/i18n/screen/contracts";
import { useMessage } from "~/i18n/message";
import { labelOf, type OptionDef } from "~/lib/list/types";
import { VEHICLE_TYPES } from "~/modules/telematics/vehicle-types";
import { ApprovalHistoryPanel } from "~/modules/workflow/approval-history";
import { DocumentTransitions, TransitionPanel } from "~/modules/workflow/transition-ui";
import { Badge } from "~/ui/badge";
import { Button, LinkButton } from "~/ui/button";
import { Alert, describedBy, FieldNotes } from "~/ui/field";
import { Input, Select, Textarea } from "~/ui/input";
import { MapPicker } from "~/widgets/map-picker";
import { FlashToast } from "~/widgets/toast";
import { MoneyInput } from "~/widgets/money-input";
import { useHydrated } from "~/widgets/use-hydrated";
import { Upload } from "~/widgets/upload";
import { comparedText } from "./compared-text";
import { CONTRACT_KIND_OPTIONS, CONTRACT_STATE, CONTRACT_STATES, contractStates, FEE_KIND_OPTIONS } from "./contracts.resource";
import type { DocumentActionData, DocumentData } from "./document.server";
import { ContractBills } from "~/modules/billing/contract-bills";

type Values = Record<string, unknown>;
type Option = { value: string; label: string };

const text = (v: unknown) => (v === undefined || v === null ? "" : String(v));
const rows = (v: unknown) => (Array.isArray(v) ? (v as (Values | undefined)[]).map((r) => r ?? {}) : []);
const tones: Record<string, "neutral" | "info" | "success" | "danger"> = { success: "success", danger: "danger", muted: "neutral" };

/** A labelled control of the head (label above, the message below, linked for screen readers). */
function Cell({ id, label, error, hint, wide, children }: { id: string; label: string; error?: string; hint?: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? "col-span-2" : undefined}>
      <label htmlFor={id} className="mb-1 block text-sm text-muted">
        {label}
      </label>
      {children}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

export function ContractDocument() {
  const loaded = useLoaderData<DocumentData>();
  const action = useActionData<DocumentActionData>();
  const { t, i18n } = useTranslation(CONTRACTS);
  const message = useMessage();
  const navigation = useNavigation();
  const lang = i18n.language;
  const label = (o: OptionDef) => labelOf(o.label, lang);
  // the kind picked before the save shows its own fields at once (without JavaScript: after the save's answer)
  const [picked, setPicked] = useState<{ kind: string; token: unknown } | null>(null);
  // the money inputs take typing only once hydrated (before, what is typed is lost when React takes the field over)
  const hydrated = useHydrated();
  if (loaded.mode === "none") {
    return (
      <div className="p-4">
        <p className="text-muted">
          {t("pick")}{" "}
          <Link to="/contractList" className="text-brand">
            {t("back")}
          </Link>
        </p>
      </div>
    );
  }
  const fresh = action?.intent === "document" ? action : null;
  const values: Values = fresh?.values ?? loaded.values;
  const errors: Record<string, string> = fresh?.errors ?? {};
  const err = (key: string) => (errors[key] ? message(errors[key]) : undefined);
  const doc = loaded.doc;
  const readOnly = loaded.mode === "view";
  const here = doc ? `/contractList/form?id=${doc.id}` : "/contractList/form?new=1";
  const options = loaded.options as Record<string, Option[]>;
  const kind = (picked && picked.token === (fresh ?? loaded) ? picked.kind : null) ?? (text(values.kind) || "rental");
  const sub = kind === "subcontract";
  const busy = navigation.state !== "idle";
  const lines = rows(values.lines);
  const fees = rows(values.fees);
  const plans = rows(values.plans);
  const state = doc ? CONTRACT_STATES.find((s) => s.value === String(doc.state)) : CONTRACT_STATES[0];

  const select = (key: string, opts: Option[], props: { required?: boolean; id?: string; name?: string; value?: unknown; ariaLabel?: string; onPick?: (value: string) => void } = {}) => {
    const id = props.id ?? `c-${key}`;
    return (
      <Select
        id={id}
        name={props.name ?? key}
        defaultValue={text(props.value ?? values[key])}
        aria-invalid={err(props.name ?? key) ? true : undefined}
        aria-describedby={describedBy(id, null, err(props.name ?? key))}
        aria-label={props.ariaLabel}
        required={props.required}
        onChange={props.onPick ? (e) => props.onPick!(e.target.value) : undefined}
      >
        <option value="">{props.required ? t("choose") : t("none")}</option>
        {opts.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    );
  };
  const input = (key: string, props: { type?: string; required?: boolean; inputMode?: "decimal" | "numeric"; maxLength?: number; money?: boolean } = {}) =>
    props.money ? (
      <MoneyInput id={`c-${key}`} name={key} defaultValue={text(values[key])} required={props.required} min={0} aria-invalid={err(key) ? true : undefined} aria-describedby={describedBy(`c-${key}`, null, err(key))} />
    ) : (
      <Input
        id={`c-${key}`}
        name={key}
        type={props.type ?? "text"}
        defaultValue={text(values[key])}
        required={props.required}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        aria-invalid={err(key) ? true : undefined}
        aria-describedby={describedBy(`c-${key}`, null, err(key))}
      />
    );
  /** one cell of a nested row: `lines[2].monthly`, its own message below; money shows its separators (38,000.50) */
  const nested = (list: string, i: number, key: string, row: Values, aria: string, props: { type?: string; inputMode?: "decimal" | "numeric"; className?: string; opts?: Option[]; maxLength?: number; money?: boolean } = {}) => {
    const name = `${list}[${i}].${key}`;
    const id = `c-${list}-${i}-${key}`;
    const e = err(name);
    return (
      <>
        {props.opts ? (
          select(key, props.opts, { id, name, value: row[key], ariaLabel: aria })
        ) : props.money ? (
          <MoneyInput id={id} name={name} defaultValue={text(row[key])} min={0} aria-label={aria} aria-invalid={e ? true : undefined} aria-describedby={describedBy(id, null, e)} />
        ) : (
          <Input
            id={id}
            name={name}
            type={props.type ?? "text"}
            inputMode={props.inputMode}
            maxLength={props.maxLength}
            defaultValue={text(row[key])}
            aria-label={aria}
            aria-invalid={e ? true : undefined}
            aria-describedby={describedBy(id, null, e)}
            className={props.className}
          />
        )}
        {e ? (
          <p id={`${id}-error`} className="mt-1 text-xs text-danger">
            {e}
          </p>
        ) : null}
      </>
    );
  };
  const rowButton = (op: string, title: string, variant: "secondary" | "ghost" = "secondary") =>
    readOnly ? null : (
      <Button type="submit" name="intent" value={`rows:${op}`} variant={variant} size="sm" formNoValidate disabled={busy}>
        {title}
      </Button>
    );
  const vehicleTypes: Option[] = VEHICLE_TYPES.map((o) => ({ value: o.value, label: label(o) }));
  const kinds: Option[] = CONTRACT_KIND_OPTIONS.map((o) => ({ value: o.value, label: label(o) }));
  const feeKinds: Option[] = FEE_KIND_OPTIONS.map((o) => ({ value: o.value, label: label(o) }));
  const lineNos: Option[] = lines.map((_, i) => ({ value: String(i + 1), label: String(i + 1) }));
  const th = "whitespace-nowrap px-2 py-2 text-left text-xs font-medium text-muted";
  /** a nested table's header: its columns, and the remove button's column named for screen readers */
  const heading = (labels: string[], remove: string) => (
    <thead>
      <tr className="border-b border-line">
        {labels.map((l) => (
          <th key={l} className={th}>
            {l}
          </th>
        ))}
        <th className={th}>
          <span className="sr-only">{remove}</span>
        </th>
      </tr>
    </thead>
  );
  const td = "px-1 py-1 align-top";

  return (
    <div className="p-4" data-testid="contract-document" data-hydrated={hydrated ? "true" : undefined}>
      <FlashToast message={loaded.flash ? message("operationSuccess") : null} token={loaded} />
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold text-ink">{doc ? `${t(readOnly ? "viewTitle" : "editTitle")} ${doc.number}` : t("newTitle")}</h1>
        {doc && doc.revision > 1 ? <Badge tone="info">{`v${doc.revision}`}</Badge> : null}
        {state ? (
          <Badge tone={tones[state.tone ?? ""] ?? "info"} data-testid="contract-state">
            {label(state)}
          </Badge>
        ) : null}
        {doc && !doc.current ? <Badge tone="warning">{t("amend")}</Badge> : null}
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <LinkButton to="/contractList">{t("back")}</LinkButton>
          {doc ? (
            <LinkButton to={`/contractList/pdf?id=${doc.id}&lang=${lang}`} reloadDocument target="_blank" rel="noopener" data-testid="contract-pdf">
              {t("printPdf")}
            </LinkButton>
          ) : null}
          {doc ? <DocumentTransitions machine={contractStates} row={doc} codes={loaded.codes} me={loaded.me} action={here} /> : null}
          {doc && doc.current && (doc.state === CONTRACT_STATE.approved || doc.state === CONTRACT_STATE.executing) && loaded.canEdit ? (
            <details className="relative">
              <summary className="list-none rounded-md border border-line px-3 py-1.5 text-sm text-ink [&::-webkit-details-marker]:hidden">{t("amend")}</summary>
              <Form method="post" action={here} className="absolute right-0 z-20 mt-1 w-80 rounded-lg border border-line bg-panel p-3 text-sm shadow-xl">
                <p className="mb-3 text-ink">{t("amendConfirm")}</p>
                <input type="hidden" name="id" value={doc.id} />
                <Button type="submit" name="intent" value="amend" variant="primary" size="sm">
                  {t("amend")}
                </Button>
              </Form>
            </details>
          ) : null}
        </div>
      </div>
      {doc?.stateReason ? <Alert tone="info">{`${t("stateReason")}：${doc.stateReason}${doc.endedOn ? `（${t("endedOn")} ${doc.endedOn}）` : ""}`}</Alert> : null}
      {Object.keys(errors).length ? <Alert tone="error">{errors.form ? message(errors.form) : t("errors")}</Alert> : null}
      <TransitionPanel machine={contractStates} back={here} />

      <Form method="post" action={here} key={fresh?.nonce ?? "stored"} noValidate={false} className={readOnly ? undefined : "[&_:is(input,select,textarea)]:scroll-mb-20"}>
        {doc ? (
          <>
            <input type="hidden" name="id" value={doc.id} />
            <input type="hidden" name="version" value={doc.version} />
          </>
        ) : null}
        <fieldset disabled={readOnly} className="min-w-0">
          <section className="mb-4 rounded-lg border border-line bg-panel p-4">
            <h2 className="mb-3 text-base font-semibold text-ink">{t("head")}</h2>
            <div className="grid grid-cols-4 gap-x-4 gap-y-3">
              <Cell id="c-number" label={t("number")} hint={doc ? undefined : t("numberHint")}>
                <Input id="c-number" value={loaded.number} readOnly disabled aria-describedby={doc ? undefined : "c-number-hint"} />
              </Cell>
              <Cell id="c-kind" label={t("kind")} error={err("kind")}>
                {select("kind", kinds, { required: true, onPick: (k) => setPicked({ kind: k, token: fresh ?? loaded }) })}
              </Cell>
              <Cell id="c-name" label={t("name")} error={err("name")} wide>
                {input("name", { required: true, maxLength: 50 })}
              </Cell>
              {sub ? (
                <>
                  <Cell id="c-supplierId" label={t("supplier")} error={err("supplierId")}>
                    {select("supplierId", options.supplierId ?? [], { required: true })}
                  </Cell>
                  <Cell id="c-parentId" label={t("parent")} error={err("parentId")}>
                    {select("parentId", options.parentId ?? [])}
                  </Cell>
                </>
              ) : (
                <Cell id="c-customerId" label={t("customer")} error={err("customerId")} wide>
                  {select("customerId", options.customerId ?? [], { required: true })}
                </Cell>
              )}
              <Cell id="c-orgId" label={t("org")} error={err("orgId")}>
                {select("orgId", options.orgId ?? [])}
              </Cell>
              <Cell id="c-salesmanId" label={t("salesman")} error={err("salesmanId")}>
                {select("salesmanId", options.salesmanId ?? [])}
              </Cell>
              <Cell id="c-project" label={t("project")} error={err("project")}>
                {input("project", { maxLength: 50 })}
              </Cell>
              <Cell id="c-siteFenceId" label={t("siteFence")} error={err("siteFenceId")}>
                {select("siteFenceId", options.siteFenceId ?? [])}
                <label className="mt-1 flex items-center gap-2 text-xs text-ink">
                  <input type="checkbox" name="fenceRentDates" value="1" defaultChecked={text(values.fenceRentDates) === "1"} disabled={readOnly} />
                  {t("fenceRentDates")}
                </label>
              </Cell>
              <Cell id="c-signedOn" label={t("signedOn")} error={err("signedOn")}>
                {input("signedOn", { type: "date" })}
              </Cell>
              <Cell id="c-startOn" label={t("startOn")} error={err("startOn")}>
                {input("startOn", { type: "date", required: true })}
              </Cell>
              <Cell id="c-plannedEndOn" label={t("plannedEndOn")} error={err("plannedEndOn")}>
                {input("plannedEndOn", { type: "date" })}
              </Cell>
              <Cell id="c-minTermDays" label={t("minTermDays")} error={err("minTermDays")}>
                {input("minTermDays", { inputMode: "numeric" })}
              </Cell>
              <Cell id="c-settlementDay" label={t("settlementDayLabel")} error={err("settlementDay")}>
                {input("settlementDay", { inputMode: "numeric", required: true })}
              </Cell>
              <Cell id="c-paymentDays" label={t("paymentDaysLabel")} error={err("paymentDays")}>
                {input("paymentDays", { inputMode: "numeric", required: true })}
              </Cell>
              <Cell id="c-deposit" label={t("deposit")} error={err("deposit")}>
                {input("deposit", { money: true })}
              </Cell>
              <Cell id="c-taxRate" label={t("taxRate")} error={err("taxRate")}>
                {input("taxRate", { inputMode: "decimal" })}
              </Cell>
              {kind === "charter" || kind === "project" ? (
                <Cell id="c-fixedPrice" label={t("fixedPrice")} error={err("fixedPrice")}>
                  {input("fixedPrice", { money: true, required: kind === "charter" })}
                </Cell>
              ) : null}
              {kind === "rentToOwn" ? (
                <Cell id="c-purchasePrice" label={t("purchasePrice")} error={err("purchasePrice")}>
                  {input("purchasePrice", { money: true, required: true })}
                </Cell>
              ) : null}
              <div className="col-span-4">
                <MapPicker
                  idPrefix="c-site"
                  names={{ lng: "siteLng", lat: "siteLat", address: "siteAddress" }}
                  legend={t("sitePoint")}
                  labels={{ address: t("siteAddress") }}
                  defaultValue={{ lng: text(values.siteLng), lat: text(values.siteLat), address: text(values.siteAddress) }}
                  errors={{ lng: err("siteLng") ?? null, lat: err("siteLat") ?? null, address: err("siteAddress") ?? null }}
                />
              </div>
              {errors.overCreditReason || values.overCreditReason ? (
                <Cell id="c-overCreditReason" label={t("overCreditReason")} error={err("overCreditReason")} wide>
                  <Textarea id="c-overCreditReason" name="overCreditReason" defaultValue={text(values.overCreditReason)} maxLength={200} rows={2} aria-invalid={errors.overCreditReason ? true : undefined} aria-describedby={describedBy("c-overCreditReason", null, err("overCreditReason"))} />
                </Cell>
              ) : null}
              <Cell id="c-remark" label={t("remark")} error={err("remark")} wide>
                <Textarea id="c-remark" name="remark" defaultValue={text(values.remark)} maxLength={500} rows={2} />
              </Cell>
              <div className="col-span-4">
                <span className="mb-1 block text-sm text-muted">{t("attachments")}</span>
                <Upload name="attachments" defaultFiles={loaded.attachments} readOnly={readOnly} limit={20} />
                {err("attachments") ? <p className="mt-1 text-sm text-danger">{err("attachments")}</p> : null}
              </div>
            </div>
            {doc ? (
              <dl className="mt-4 flex flex-wrap gap-x-8 gap-y-1 border-t border-line pt-3 text-sm" data-testid="contract-figures">
                <div className="flex gap-2">
                  <dt className="text-muted">{t("value")}</dt>
                  <dd className="font-semibold tabular-nums text-ink" data-testid="contract-value">
                    {doc.figures.value}
                  </dd>
                </div>
                <div className="flex gap-2">
                  <dt className="text-muted">{t("tax")}</dt>
                  <dd className="tabular-nums text-ink">{doc.figures.tax}</dd>
                </div>
                {doc.figures.cost !== null ? (
                  <>
                    <div className="flex gap-2">
                      <dt className="text-muted">{t("cost")}</dt>
                      <dd className="tabular-nums text-ink">{doc.figures.cost}</dd>
                    </div>
                    <div className="flex gap-2">
                      <dt className="text-muted">{t("margin")}</dt>
                      <dd className="tabular-nums text-ink">{doc.figures.margin}</dd>
                    </div>
                  </>
                ) : null}
                <div className="flex gap-2">
                  <dt className="text-muted">{t("creator")}</dt>
                  <dd className="text-ink">{doc.names.creator ?? ""}</dd>
                </div>
              </dl>
            ) : (
              <p className="mt-3 text-xs text-muted">{t("valueHint")}</p>
            )}
          </section>

          <section className="mb-4 rounded-lg border border-line bg-panel p-4">
            <div className="mb-2 flex items-center justify-between">
              <h2 className="text-base font-semibold text-ink">{t("lines")}</h2>
              {rowButton("addLine", t("addLine"))}
            </div>
            {err("lines") ? <p className="mb-2 text-sm text-danger">{err("lines")}</p> : null}
            {/* Each machine is a block of labelled fields rather than a table row: all its price terms never fit one row at
                1280 px. The fields wrap to two rows there (machine, type, spec, days; then the prices) and stand in one row
                from 1600 px; the grid's tracks are fractions, so nothing scrolls sideways in either language. */}
            <div data-testid="contract-lines" role="list" aria-label={t("lines")}>
              {lines.map((row, i) => {
                const n = i + 1;
                const a = (key: string) => `${t("lineNo")} ${n} ${t(key as "monthly")}`;
                const field = (key: string, title: string, props: Parameters<typeof nested>[5] = {}, span = "") => (
                  <div className={`min-w-0 ${span}`}>
                    <label htmlFor={`c-lines-${i}-${key}`} className="mb-1 block truncate text-xs text-muted">
                      {t(title as "monthly")}
                    </label>
                    {nested("lines", i, key, row, a(title), props)}
                  </div>
                );
                const money = { money: true };
                return (
                  <div key={i} role="listitem" className="flex items-start gap-3 border-t border-line py-3 first:border-t-0 first:pt-1" data-testid={`line-${i}`}>
                    <span className="mt-6 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-canvas text-xs tabular-nums text-muted">
                      <span className="sr-only">{`${t("lineNo")} `}</span>
                      {n}
                    </span>
                    <div className="min-w-0 flex-1">
                      <div className={`grid grid-cols-6 gap-x-2 gap-y-2 ${sub ? "min-[1600px]:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1.25fr))_repeat(5,minmax(0,1fr))]" : "min-[1600px]:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1.25fr))_repeat(4,minmax(0,1fr))]"}`}>
                        {field("vehicleId", "vehicle", { opts: options.vehicleId ?? [] }, "col-span-2 min-[1600px]:col-span-1")}
                        {field("equipmentType", "equipmentType", { opts: vehicleTypes })}
                        {field("spec", "spec", { maxLength: 30 })}
                        {field("onRentOn", "onRentOn", { type: "date" })}
                        {field("offRentOn", "offRentOn", { type: "date" })}
                        {field("monthly", "monthly", money)}
                        {field("daily", "daily", money)}
                        {field("shift", "shift", money)}
                        {field("hourly", "hourly", money)}
                        {sub ? field("costMonthly", "costMonthly", money) : null}
                      </div>
                      <details className="mt-2" open={Object.keys(errors).some((k) => k.startsWith(`lines[${i}].`) && !/vehicleId|equipmentType|spec|monthly|daily|shift\b|hourly|onRentOn|offRentOn|costMonthly/.test(k))}>
                        <summary className="cursor-pointer text-xs text-brand">{t("moreTerms")}</summary>
                        <div className="mt-2 grid grid-cols-6 gap-2">
                          {(
                            [
                              ["shiftHours", "shiftHoursLabel", "numeric"],
                              ["shiftOvertime", "shiftOvertime", "money"],
                              ["minHoursPerCall", "minHoursPerCall", "decimal"],
                              ["allowanceHours", "allowanceHours", "decimal"],
                              ["allowanceOvertime", "allowanceOvertime", "money"],
                              ["idleRate", "idleRate", "decimal"],
                              ["operators", "operatorsLabel", "numeric"],
                              ["operatorMonthly", "operatorMonthly", "money"],
                            ] as const
                          ).map(([key, title, mode]) => (
                            <label key={key} className="min-w-0 text-xs text-muted">
                              {t(title)}
                              {nested("lines", i, key, row, a(title), mode === "money" ? { money: true } : { inputMode: mode })}
                            </label>
                          ))}
                          <label className="min-w-0 text-xs text-muted">
                            {t("allowancePer")}
                            {nested("lines", i, "allowancePer", row, a("allowancePer"), { opts: [{ value: "day", label: t("perDay") }, { value: "month", label: t("perMonth") }] })}
                          </label>
                          {!sub ? (
                            <label className="min-w-0 text-xs text-muted">
                              {t("costMonthly")}
                              {nested("lines", i, "costMonthly", row, a("costMonthly"), { money: true })}
                            </label>
                          ) : null}
                          <label className="col-span-2 min-w-0 text-xs text-muted">
                            {t("remark")}
                            {nested("lines", i, "remark", row, a("remark"), { maxLength: 100 })}
                          </label>
                          <label className="col-span-6 flex items-center gap-2 text-xs text-ink">
                            <input type="checkbox" name={`lines[${i}].faultDeduction`} value="1" defaultChecked={text(row.faultDeduction) === "1"} />
                            {t("faultDeduction")}
                          </label>
                        </div>
                      </details>
                    </div>
                    <div className="mt-5 shrink-0">{rowButton(`removeLine:${i}`, t("removeLine"), "ghost")}</div>
                  </div>
                );
              })}
            </div>
          </section>

          <section className="mb-4 rounded-lg border border-line bg-panel p-4">
            <div className="mb-2 flex items-center justify-between">
              <h2 className="text-base font-semibold text-ink">{t("fees")}</h2>
              {rowButton("addFee", t("addFee"))}
            </div>
            {fees.length ? (
              <table className="w-full text-sm" data-testid="contract-fees">
                {heading([t("feeKind"), t("amount"), t("feeLineNo"), t("feeOn"), t("remark")], t("removeFee"))}
                <tbody>
                  {fees.map((row, i) => (
                    <tr key={i} className="border-t border-line">
                      <td className={`${td} w-40`}>{nested("fees", i, "kind", row, `${t("feeKind")} ${i + 1}`, { opts: feeKinds })}</td>
                      <td className={`${td} w-36`}>{nested("fees", i, "amount", row, `${t("amount")} ${i + 1}`, { money: true })}</td>
                      <td className={`${td} w-28`}>{nested("fees", i, "lineNo", row, `${t("feeLineNo")} ${i + 1}`, { opts: lineNos })}</td>
                      <td className={`${td} w-40`}>{nested("fees", i, "feeOn", row, `${t("feeOn")} ${i + 1}`, { type: "date" })}</td>
                      <td className={td}>{nested("fees", i, "remark", row, `${t("remark")} ${i + 1}`, { maxLength: 100 })}</td>
                      <td className={`${td} w-24`}>{rowButton(`removeFee:${i}`, t("removeFee"), "ghost")}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className="text-sm text-muted">{t("noFees")}</p>
            )}
          </section>

          <section className="mb-4 rounded-lg border border-line bg-panel p-4">
            <div className="mb-2 flex items-center justify-between gap-2">
              <h2 className="text-base font-semibold text-ink">{t("plans")}</h2>
              <span className="flex gap-2">
                {rowButton("generatePlan", t("generatePlan"))}
                {rowButton("addPlan", t("addPlan"))}
              </span>
            </div>
            {err("plans") ? <p className="mb-2 text-sm text-danger">{err("plans")}</p> : null}
            {plans.length ? (
              <table className="w-full text-sm" data-testid="contract-plans">
                {heading([t("seq"), t("dueOn"), t("amount"), t("remark")], t("removePlan"))}
                <tbody>
                  {plans.map((row, i) => (
                    <tr key={i} className="border-t border-line">
                      <td className={`${td} w-16 pt-3 text-center tabular-nums text-muted`}>{i + 1}</td>
                      <td className={`${td} w-44`}>{nested("plans", i, "dueOn", row, `${t("dueOn")} ${i + 1}`, { type: "date" })}</td>
                      <td className={`${td} w-44`}>{nested("plans", i, "amount", row, `${t("amount")} ${i + 1}`, { money: true })}</td>
                      <td className={td}>{nested("plans", i, "remark", row, `${t("remark")} ${i + 1}`, { maxLength: 100 })}</td>
                      <td className={`${td} w-28`}>{rowButton(`removePlan:${i}`, t("removePlan"), "ghost")}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className="text-sm text-muted">{t("noPlans")}</p>
            )}
            {doc ? <p className="mt-2 text-sm text-muted">{`${t("planTotal")}：${doc.figures.planTotal} / ${t("value")}：${doc.figures.value}`}</p> : null}
          </section>
        </fieldset>
        {!readOnly ? (
          // stuck to the pane's very bottom: -bottom-4 takes back the main pane's padding, below which the fields showed through
          <div className="sticky -bottom-4 z-10 -mx-4 flex justify-end gap-2 border-t border-line bg-canvas px-4 py-3 shadow-[0_-4px_12px_-8px_rgb(0_0_0/0.35)]" data-testid="contract-save-bar">
            <LinkButton to={doc ? here : "/contractList"}>{t("cancel")}</LinkButton>
            <Button type="submit" name="intent" value={doc ? "updateDoc" : "createDoc"} variant="primary" disabled={busy} data-testid="save-contract">
              {t("save")}
            </Button>
          </div>
        ) : null}
      </Form>

      {doc && loaded.bills ? <ContractBills bills={loaded.bills} canRun={loaded.canBill} action={here} /> : null}

      {doc && doc.revisions.length > 1 ? (
        <section className="mb-4 rounded-lg border border-line bg-panel p-4" data-testid="contract-versions">
          <h2 className="mb-2 text-base font-semibold text-ink">{t("versions")}</h2>
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-line">
                <th className={th}>{t("revision")}</th>
                <th className={th}>{t("state")}</th>
                <th className={th}>{t("value")}</th>
                <th className={th} />
              </tr>
            </thead>
            <tbody>
              {doc.revisions.map((r) => {
                const s = CONTRACT_STATES.find((x) => x.value === String(r.state));
                return (
                  <tr key={r.id} className="border-t border-line">
                    <td className="px-2 py-1.5">
                      <Link to={`/contractList/form?id=${r.id}`} className="text-brand" aria-current={r.id === doc.id ? "page" : undefined}>
                        {`v${r.revision}`}
                      </Link>
                      {r.current ? <span className="ml-2 text-xs text-success">{t("current")}</span> : null}
                    </td>
                    <td className="px-2 py-1.5">{s ? label(s) : r.state}</td>
                    <td className="px-2 py-1.5 tabular-nums">{r.value}</td>
                    <td className="px-2 py-1.5">
                      {r.id !== doc.id ? (
                        <Link to={`/contractList/form?id=${doc.id}&compare=${r.id}`} className="text-brand">
                          {t("compare")}
                        </Link>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {loaded.comparison ? (
            <div className="mt-3" data-testid="contract-compare">
              <h3 className="mb-2 text-sm font-semibold text-ink">{t("compareTitle", { a: loaded.comparison.a, b: loaded.comparison.b })}</h3>
              {loaded.comparison.changes.length ? (
                <table className="w-full text-sm">
                  <thead>
                    <tr className="border-b border-line">
                      <th className={th}>{t("field")}</th>
                      <th className={th}>{t("before")}</th>
                      <th className={th}>{t("after")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {loaded.comparison.changes.map((c, i) => {
                      const key = c.field.includes(".") ? c.field.split(".")[1]! : c.field;
                      const name = i18n.exists(`${CONTRACTS}:${key}`) ? t(key as "name") : key;
                      return (
                        <tr key={i} className="border-t border-line">
                          <td className="px-2 py-1.5 text-muted">{c.line ? t("lineField", { n: c.line, field: name }) : name}</td>
                          <td className="px-2 py-1.5 text-danger line-through">{comparedText(c.field, c.before)}</td>
                          <td className="px-2 py-1.5 text-success">{comparedText(c.field, c.after)}</td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              ) : (
                <p className="text-sm text-muted">{t("noDifference")}</p>
              )}
            </div>
          ) : null}
        </section>
      ) : null}

      {loaded.approval ? (
        <section className="rounded-lg border border-line bg-panel p-4">
          <ApprovalHistoryPanel history={loaded.approval} />
        </section>
      ) : null}
    </div>
  );
}
