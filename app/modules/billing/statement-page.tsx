/**
 * The customer's statement (对账单) behind its signed link: the bills of the period with each item and the machines'
 * evidence in sums, the totals, and two plain forms: confirm under a name, or dispute the items ticked with a comment.
 * No shell, no account; the language switch is the sign-in page's.
 */
import { equipmentTypeName } from "~/modules/telematics/vehicle-types";
import { HeadRow, Row, Table, Td, Th, TotalRow } from "~/ui/table";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatCents } from "~/lib/cents";
import { formatInZone } from "~/lib/tenant-clock";
import { useMessage } from "~/i18n/message";
import { BILLS } from "~/modules/billing/texts/bills";
import { STATEMENTS } from "~/modules/billing/texts/statements";
import { Alert, Button, Field } from "~/ui/field";
import { LanguageSwitch, ThemeSwitch } from "~/widgets/preference-switches";
import type { StatementLinkAction, StatementLinkData, StatementPageView } from "./statement-link.server";
import { STATEMENT_STATE } from "../../../db/states";


/** A machine's work as the customer reads it: days without data said apart, never "worked 0 days" for a silent terminal. */
const evidenceKey = (e: { days: number; noDataDays: number }) => (e.noDataDays === 0 ? "evidence" : e.noDataDays === e.days ? "evidenceAllNoData" : "evidenceNoData");

export function StatementPage() {
  const loaded = useLoaderData<StatementLinkData>();
  const { t } = useTranslation(STATEMENTS);
  return (
    <div className="min-h-screen bg-canvas text-ink">
      <header className="flex items-center justify-between border-b border-line bg-panel px-6 py-3">
        <span className="font-semibold">{t("title")}</span>
        <div className="flex items-center gap-2">
          <ThemeSwitch />
          <LanguageSwitch />
        </div>
      </header>
      <main className="mx-auto max-w-[1120px] px-6 py-6">{loaded.ok ? <Statement s={loaded.statement} token={loaded.token} /> : <Alert tone="error">{t(`link.${loaded.reason}`)}</Alert>}</main>
    </div>
  );
}

function Statement({ s, token }: { s: StatementPageView; token: string }) {
  const { t, i18n } = useTranslation(STATEMENTS);
  const { t: tb } = useTranslation(BILLS);
  const message = useMessage();
  const action = useActionData<StatementLinkAction>();
  const busy = useNavigation().state !== "idle";
  const when = (ms: number | null) => (ms ? formatInZone(ms, s.timeZone, i18n.language, { dateStyle: "medium", timeStyle: "short" }) : "");
  const ruleText = (i: StatementPageView["bills"][number]["items"][number]) => (i.rule === "fee" && i.feeKind ? tb(`fees.${i.feeKind}` as "fees.entry", { defaultValue: tb("rules.fee") }) : tb(`rules.${i.rule}`));
  const disputed = new Map(s.events.filter((e) => e.kind === "disputed" && e.billItemId).map((e) => [e.billItemId!, e]));
  const answered = new Map(s.events.filter((e) => e.kind === "answered" && e.billItemId).map((e) => [e.billItemId!, e]));
  const open = s.state === STATEMENT_STATE.sent;
  const fields = action && !action.ok ? action.fields : null;
  return (
    <article aria-labelledby="statement-title" data-testid="statement">
      <h1 id="statement-title" className="text-xl font-semibold">
        {s.lessor} · {t("title")} {s.number}
      </h1>
      <dl className="mt-4 grid grid-cols-2 gap-x-8 gap-y-2 text-sm lg:grid-cols-4">
        <Fact label={tb("customer")} value={s.customer ?? ""} />
        <Fact label={tb("contract")} value={`${s.contractNumber} ${s.contractName}`} />
        <Fact label={tb("period")} value={`${s.periodFrom} ～ ${s.periodTo}`} />
        <Fact label={t("stateLabel")} value={t(`states.${s.state as 0 | 1 | 2 | 3}`)} />
        <Fact label={tb("amount")} value={formatCents(s.amountCents)} strong />
        <Fact label={tb("tax")} value={formatCents(s.taxCents)} />
        <Fact label={tb("net")} value={formatCents(s.amountCents - s.taxCents)} />
        <Fact label={tb("dayCount")} value={tb(`dayCounts.${s.terms.dayCount}`, { days: s.terms.monthDays })} />
        <Fact label={tb("priceTax")} value={tb(`priceTaxes.${s.terms.priceTax}`)} />
        {open && s.expiresAt ? <Fact label={t("expires")} value={when(s.expiresAt)} /> : null}
      </dl>
      {action?.ok ? <Alert tone="success">{t(`done.${action.done}`)}</Alert> : null}
      {action && !action.ok ? <Alert tone="error">{message(action.message)}</Alert> : null}
      {s.state === STATEMENT_STATE.confirmed ? <Alert tone="success">{t("confirmedBy", { name: s.confirmedName, at: when(s.confirmedAt) })}</Alert> : null}
      <p className="mt-4">
        <a className="text-brand underline" href={`/statement/${token}/pdf`} download>
          {t("pdf")}
        </a>
      </p>
      <Form method="post" className="mt-4">
        {s.bills.map((b) => (
          <section key={b.id} className="mt-6" aria-label={`${tb("number")} ${b.number}`}>
            <h2 className="text-base font-semibold">
              {b.number} · {tb(b.kind === "adjustment" ? "kinds.adjustment" : "kinds.regular")} · {b.periodFrom} ～ {b.periodTo} · {tb("dueOn")} {b.dueOn}
            </h2>
            <div className="mt-2">
              <Table>
                <thead className="bg-canvas">
                  <HeadRow>
                    {open ? <Th className="text-center">{t("dispute")}</Th> : null}
                    <Th>{tb("line")}</Th>
                    <Th>{tb("rule")}</Th>
                    <Th num>
                      {tb("quantity")}
                    </Th>
                    <Th num>
                      {tb("rate")}
                    </Th>
                    <Th num>
                      {tb("amount")}
                    </Th>
                    <Th num>
                      {tb("tax")}
                    </Th>
                  </HeadRow>
                </thead>
                <tbody>
                  {b.items.map((i) => (
                    <Row key={i.id}>
                      {open ? (
                        <Td className="text-center">
                          <input type="checkbox" name="items" value={i.id} defaultChecked={fields?.items.includes(String(i.id))} aria-label={`${t("dispute")} ${ruleText(i)} ${formatCents(i.amountCents)}`} />
                        </Td>
                      ) : null}
                      <Td>{i.machine ?? (i.equipmentType ? equipmentTypeName(i.equipmentType, i18n.language) : tb("contractWide"))}</Td>
                      <Td>
                        {ruleText(i)}
                        {disputed.has(i.id) ? <span className="ml-2 text-danger">{t("disputedMark", { comment: disputed.get(i.id)!.comment })}</span> : null}
                        {answered.has(i.id) ? <span className="ml-2 text-muted">{t("answeredMark", { comment: answered.get(i.id)!.comment })}</span> : null}
                        {i.clause ? tb("clauseOf", { clause: i.clause }) : ""}
                        {i.declared ? tb("declaredOf", { number: i.declared }) : ""}
                        <span className="block text-xs tabular-nums text-muted" data-testid="statement-item-arithmetic">
                          {i.arithmetic}
                        </span>
                      </Td>
                      <Td num>
                        {i.quantity} {tb(`units.${i.unit}`)}
                        {i.shareBp != null ? ` × ${(i.shareBp / 100).toFixed(1)}%` : ""}
                      </Td>
                      <Td num>
                        {formatCents(i.rateCents)}
                      </Td>
                      <Td num>
                        {formatCents(i.amountCents)}
                      </Td>
                      <Td num>
                        {formatCents(i.taxCents)}
                      </Td>
                    </Row>
                  ))}
                </tbody>
                <TotalRow>
                  <Td colSpan={open ? 5 : 4}>
                    {t("billTotal")}
                  </Td>
                  <Td num>
                    {formatCents(b.amountCents)}
                  </Td>
                  <Td num>
                    {formatCents(b.taxCents)}
                  </Td>
                </TotalRow>
              </Table>
            </div>
            {b.evidence.length ? (
              <p className="mt-2 text-sm text-muted">
                {b.evidence.map((e) => t(evidenceKey(e), { machine: e.machine, active: e.activeDays, days: e.days, none: e.noDataDays, hours: e.engineHours, faults: e.faultHours })).join("；")}
              </p>
            ) : null}
          </section>
        ))}
        <section className="mt-6" aria-labelledby="statement-basis" data-testid="statement-basis">
          <h2 id="statement-basis" className="text-base font-semibold">
            {tb("decisionBasis.heading")}
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
            {(s.basis.length ? s.basis : [tb("decisionBasis.none")]).map((text, i) => (
              <li key={i}>{text}</li>
            ))}
          </ul>
        </section>
        {s.interestLines.length ? (
          <section className="mt-6" aria-labelledby="statement-interest" data-testid="statement-interest">
            <h2 id="statement-interest" className="text-base font-semibold">
              {t("interest")}
            </h2>
            <p className="mt-1 text-xs text-muted">{t("interestRule")}</p>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm tabular-nums">
              {s.interestLines.map((text, i) => (
                <li key={i}>{text}</li>
              ))}
            </ul>
          </section>
        ) : null}
        {open ? (
          <fieldset className="mt-8 grid gap-4 rounded-md border border-line bg-panel p-4 lg:grid-cols-2" disabled={busy}>
            <legend className="px-1 font-semibold">{t("signOff")}</legend>
            <Field id="statement-signer" label={t("signer")} name="name" required maxLength={50} defaultValue={fields?.name ?? ""} />
            <Field id="statement-comment" label={t("comment")} name="comment" maxLength={500} defaultValue={fields?.comment ?? ""} />
            <div className="flex gap-3 lg:col-span-2">
              <Button type="submit" name="intent" value="confirm" variant="primary">
                {t("confirm")}
              </Button>
              <Button type="submit" name="intent" value="dispute" variant="danger">
                {t("disputeTicked")}
              </Button>
            </div>
          </fieldset>
        ) : null}
      </Form>
    </article>
  );
}

function Fact({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div>
      <dt className="text-muted">{label}</dt>
      <dd className={strong ? "text-lg font-semibold tabular-nums" : "tabular-nums"}>{value}</dd>
    </div>
  );
}
