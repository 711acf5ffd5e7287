/**
 * One bill's page (`/contractBillReport/bill?id=`): the head and totals, the items by machine, each machine's
 * day-by-day evidence under a chart of its engine hours, the proposals with 接受 / 驳回 while a draft, 确认账单 (after
 * a confirmation step) and, once confirmed, 新增调整 and the adjustments made. Plain forms: it all works without
 * JavaScript. Loader and action: bill-page.server.ts.
 */
import { HeadRow, Row, Table, Td, Th } from "~/ui/table";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BILLS } from "~/modules/billing/texts/bills";
import { formatCents } from "~/lib/cents";
import { useMessage } from "~/i18n/message";
import { Badge, type BadgeTone } from "~/ui/badge";
import { Button, buttonClass, LinkButton } from "~/ui/button";
import { Card } from "~/ui/card";
import { Descriptions } from "~/ui/descriptions";
import { Empty } from "~/ui/empty";
import { Alert, Field } from "~/ui/field";
import { Input, Select } from "~/ui/input";
import { FlashToast } from "~/widgets/toast";
import type { BillActionData, BillPageData } from "./bill-page.server";
import { BILL_LIST_PATH, BILL_PAGE_PATH, billHref, STATEMENT_PAGE_PATH, statementHref } from "./bills.resource";
import { STATEMENTS } from "~/modules/billing/texts/statements";
import { HoursChart } from "./hours-chart";
import { BILL_STATE } from "./bills.resource";
import { equipmentTypeName } from "~/modules/telematics/vehicle-types";

const STATE_TONES: Record<number, BadgeTone> = { 0: "warning", 1: "success", 2: "neutral" };
const PROPOSAL_TONES: Record<number, BadgeTone> = { 0: "info", 1: "success", 2: "danger" };

type Line = BillPageData["lines"][number];

export function BillPage() {
  const { t: ts } = useTranslation(STATEMENTS);
  const { t, i18n } = useTranslation(BILLS);
  const message = useMessage();
  const page = useLoaderData<BillPageData>();
  const action = useActionData<BillActionData>();
  const { bill, contract, can } = page;
  const draft = bill.state === BILL_STATE.draft;
  const here = billHref(bill.id);
  const lineLabel = (l: Line | undefined) => (l ? [t("lineOf", { no: l.lineNo }), l.plate, [equipmentTypeName(l.equipmentType, i18n.language), l.spec].filter(Boolean).join(" ")].filter(Boolean).join(" · ") : t("contractWide"));
  const lineById = new Map(page.lines.map((l) => [l.id, l]));
  const pageError = action && action.intent !== "decide" ? message(action.error) : null;
  return (
    <div className="flex flex-col gap-4 p-4" data-testid="bill-page">
      <FlashToast message={page.flash ? message("operationSuccess") : null} token={page} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="flex flex-wrap items-center gap-2 text-xl font-semibold text-ink">
          <span>
            {t("billTitle")} {bill.number}
          </span>
          <Badge tone={STATE_TONES[bill.state] ?? "neutral"} dot data-testid="bill-state">
            {t(`states.${bill.state as 0 | 1 | 2}`)}
          </Badge>
          {bill.kind === "adjustment" ? <Badge tone="warning">{t("kinds.adjustment")}</Badge> : null}
        </h1>
        <div className="flex gap-2">
          {draft && can.confirm && !page.asking ? (
            <LinkButton to={`${here}&confirm=1`} variant="primary" data-testid="confirm-bill">
              {t("confirmBill")}
            </LinkButton>
          ) : null}
          {/* making the statement is a write: a POST with the send permission; anyone else opens the one made */}
          {!draft && bill.kind === "regular" && can.edit ? (
            <Form method="post" action={`${STATEMENT_PAGE_PATH}?bill=${bill.id}`}>
              <Button type="submit" name="intent" value="open" data-testid="open-statement">
                {ts("title")}
              </Button>
            </Form>
          ) : !draft && page.statementId ? (
            <LinkButton to={statementHref(page.statementId)} data-testid="open-statement">
              {ts("title")}
            </LinkButton>
          ) : null}
          {/* files, not screens: plain links the browser downloads (bill-print.server.ts) */}
          <a href={`${BILL_PAGE_PATH}/pdf?id=${bill.id}`} download className={buttonClass({ variant: "secondary" })} data-testid="bill-pdf">
            {t("print.pdf")}
          </a>
          <a href={`${BILL_PAGE_PATH}/xlsx?id=${bill.id}`} download className={buttonClass({ variant: "secondary" })} data-testid="bill-excel">
            {t("print.excel")}
          </a>
          <LinkButton to={BILL_LIST_PATH}>{t("back")}</LinkButton>
        </div>
      </div>
      {pageError ? <Alert tone="error">{pageError}</Alert> : null}
      {page.asking ? (
        <section role="alertdialog" aria-labelledby="confirm-ask" className="rounded-lg border border-warning/40 bg-panel p-4 shadow-sm" data-testid="confirm-panel">
          <p id="confirm-ask" className="mb-3 text-ink">
            {t("confirmAsk", { number: bill.number })}
          </p>
          <Form method="post" action={here} className="flex gap-2">
            <Button type="submit" name="intent" value="confirm" variant="primary">
              {t("confirmYes")}
            </Button>
            <LinkButton to={here}>{t("cancel")}</LinkButton>
          </Form>
        </section>
      ) : null}

      <Card>
        <Descriptions
          columns={3}
          items={[
            { label: t("number"), value: bill.number },
            { label: t("contract"), value: contract ? `${contract.number} ${contract.name}` : null },
            { label: t("customer"), value: contract?.customer },
            { label: t("period"), value: `${bill.periodFrom} ～ ${bill.periodTo}` },
            { label: t("dueOn"), value: bill.dueOn },
            { label: t("kind"), value: t(`kinds.${bill.kind}`) + (bill.final ? ` · ${t("finalBill")}` : "") },
            { label: t("amount"), value: <Money testId="bill-amount">{bill.amount}</Money> },
            { label: t("tax"), value: <Money>{`${bill.tax}（${bill.taxRate ?? "0"}%）`}</Money> },
            { label: t("net"), value: <Money>{bill.net}</Money> },
            ...(page.terms
              ? [
                  { label: t("dayCount"), value: <span data-testid="bill-day-count">{t(`dayCounts.${page.terms.dayCount}`, { days: page.terms.monthDays })}</span> },
                  { label: t("priceTax"), value: t(`priceTaxes.${page.terms.priceTax}`) },
                ]
              : []),
            { label: t("paid"), value: <Money>{bill.paid}</Money> },
            ...(bill.adjustsId ? [{ label: t("adjusts"), value: <Link to={billHref(bill.adjustsId)} className="text-brand">#{bill.adjustsId}</Link> }] : []),
            ...(bill.remark ? [{ label: t("remark"), value: bill.remark, wide: true }] : []),
          ]}
        />
      </Card>

      <Card title={t("items")} id="bill-items">
        {page.items.length ? <Items lineLabel={(id) => lineLabel(id === null ? undefined : lineById.get(id))} /> : <Empty>{t("noItems")}</Empty>}
      </Card>

      {page.shifts.filter((s) => s.days.length).map((s) => (
        <Card key={s.lineId} title={`${t("shiftTable.title")} · ${lineLabel(lineById.get(s.lineId))}`} id={`bill-shifts-${s.lineId}`}>
          <p className="mb-2 text-xs text-muted">
            {t(s.source === "calls" ? "shiftTable.fromCalls" : "shiftTable.fromEngine", { shift: s.shiftHours })}
            {s.source === "calls" && s.minHoursPerCall ? t("shiftTable.minimum", { min: s.minHoursPerCall }) : ""}
          </p>
          <div className="max-w-[720px] overflow-x-auto">
            <Table bare testId="shift-table">
              <thead>
                <HeadRow>
                  <Th dense>{t("day")}</Th>
                  <Th dense num>
                    {t("shiftTable.hours")}
                  </Th>
                  <Th dense num>
                    {t("shiftTable.shifts")}
                  </Th>
                  <Th dense num>
                    {t("shiftTable.overtime")}
                  </Th>
                  <Th dense num>
                    {t("amount")}
                  </Th>
                </HeadRow>
              </thead>
              <tbody>
                {s.days.map((d) => (
                  <Row key={d.day}>
                    <Td dense>{d.day}</Td>
                    <Td dense num>
                      {d.hours}
                    </Td>
                    <Td dense num>
                      {d.shifts}
                    </Td>
                    <Td dense num>
                      {d.overtime === "0" ? "" : d.overtime}
                    </Td>
                    <Td dense num>
                      {d.amount}
                    </Td>
                  </Row>
                ))}
              </tbody>
            </Table>
          </div>
        </Card>
      ))}

      {page.proposals.length || draft ? (
        <Card title={t("proposals")} id="bill-proposals">
          {page.proposals.length ? <Proposals lineLabel={(id) => lineLabel(lineById.get(id))} editable={draft && can.edit} /> : <Empty>{t("noProposals")}</Empty>}
          {draft && can.edit && bill.kind === "regular" && page.lines.length ? (
            <AddDaysForm lines={page.lines.map((l) => ({ id: l.id, label: lineLabel(l) }))} period={{ from: bill.periodFrom, to: bill.periodTo }} action={action?.intent === "addDays" ? action : undefined} here={here} />
          ) : null}
        </Card>
      ) : null}

      {bill.kind === "regular" && !draft ? (
        <Card title={t("adjustments")} id="bill-adjustments">
          {page.adjustments.length ? (
            <ul className="mb-4 flex flex-col gap-1 text-sm" data-testid="adjustments">
              {page.adjustments.map((a) => (
                <li key={a.id} className="flex gap-3">
                  <Link to={billHref(a.id)} className="text-brand">
                    {a.number}
                  </Link>
                  <Money>{a.amount}</Money>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mb-4 text-sm text-muted">{t("noAdjustments")}</p>
          )}
          {can.edit ? <AdjustForm action={action?.intent === "adjust" ? action : undefined} here={here} /> : null}
        </Card>
      ) : null}

      <Card title={t("evidence")} id="bill-evidence">
        <Evidence lineLabel={(id) => lineLabel(lineById.get(id))} />
      </Card>
    </div>
  );
}

function Money({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <span className="tabular-nums" data-testid={testId}>
      {children}
    </span>
  );
}

/** The items, grouped by machine (its plate and type in the group's heading row), the contract's own charges last. */
function Items({ lineLabel }: { lineLabel: (id: number | null) => string }) {
  const { t } = useTranslation(BILLS);
  const { items } = useLoaderData<BillPageData>();
  const groups: { lineId: number | null; items: typeof items }[] = [];
  for (const item of items) {
    const group = groups.find((g) => g.lineId === item.lineId);
    if (group) group.items.push(item);
    else groups.push({ lineId: item.lineId, items: [item] });
  }
  return (
    <div className="overflow-x-auto">
      <Table bare testId="bill-item-table">
        <thead>
          <HeadRow>
            <Th dense>{t("rule")}</Th>
            <Th dense num>
              {t("quantity")}
            </Th>
            <Th dense>{t("unit")}</Th>
            <Th dense num>
              {t("rate")}
            </Th>
            <Th dense num>
              {t("share")}
            </Th>
            <Th dense num>
              {t("amount")}
            </Th>
            <Th dense num>
              {t("tax")}
            </Th>
            <Th dense>{t("note")}</Th>
          </HeadRow>
        </thead>
        {groups.map((g) => (
          <tbody key={g.lineId ?? "contract"} className="border-b border-line">
            <tr className="bg-canvas">
              <th colSpan={8} scope="colgroup" className="px-2 py-1.5 text-left text-sm font-medium text-ink">
                {lineLabel(g.lineId)}
              </th>
            </tr>
            {g.items.map((i) => (
              <Row key={i.id} data-testid="bill-item">
                <Td dense>
                  {t(`rules.${i.rule}`, { defaultValue: i.rule })}
                  {i.rule === "fee" && i.feeKind ? `（${t(`fees.${i.feeKind as "other"}`, { defaultValue: i.feeKind })}）` : ""}
                  {i.instalment ? t("instalmentOf", { seq: i.instalment.seq, dueOn: i.instalment.dueOn }) : ""}
                  {i.clause ? t("clauseOf", { clause: i.clause }) : ""}
                  {i.declared ? t("declaredOf", { number: i.declared }) : ""}
                  {i.late ? t("lateOf", { bill: i.late.bill, of: t(`proposalKinds.${i.late.of as "late"}`, { defaultValue: i.late.of }) }) : ""}
                  <span className="block text-xs tabular-nums text-muted" data-testid="bill-item-arithmetic">
                    {i.arithmetic}
                  </span>
                </Td>
                <Td dense num>
                  {i.quantity}
                </Td>
                <Td dense>{t(`units.${i.unit}`, { defaultValue: i.unit })}</Td>
                <Td dense num>
                  {i.rate}
                </Td>
                <Td dense num>
                  {i.share ? `${i.share}%` : ""}
                </Td>
                <Td dense num>
                  {i.amount}
                </Td>
                <Td dense num>
                  {i.tax}
                </Td>
                <Td dense className="text-muted">
                  {i.note}
                </Td>
              </Row>
            ))}
          </tbody>
        ))}
      </Table>
    </div>
  );
}

/** A proposal's days: their count and the days themselves (month-day), a long run shortened to its ends. */
function daysText(days: readonly string[], count: string): string {
  if (!days.length) return "";
  const short = (d: string) => d.slice(5);
  const list = days.length > 4 ? `${short(days[0]!)} … ${short(days.at(-1)!)}` : days.map(short).join("、");
  return `${count}：${list}`;
}

function Proposals({ lineLabel, editable }: { lineLabel: (id: number) => string; editable: boolean }) {
  const { t } = useTranslation(BILLS);
  const message = useMessage();
  const { proposals, bill } = useLoaderData<BillPageData>();
  const action = useActionData<BillActionData>();
  const busy = useNavigation().state === "submitting";
  const here = billHref(bill.id);
  // what a proposal stands on beyond its days and hours (their own columns): the case, the days off, the contract's dates
  const basisText = (basis: Record<string, string | number>) =>
    // a late adjustment: which confirmed bill, what came after it, how much
    basis.forBill !== undefined
      ? t("lateBasis", { bill: String(basis.forBill), of: t(`proposalKinds.${String(basis.of) as "late"}`, { defaultValue: String(basis.of) }), amount: formatCents(Number(basis.amountCents ?? 0)) })
      : Object.entries(basis)
      .filter(([k]) => !["from", "to", "days", "day", "hours"].includes(k))
      .map(([k, v]) => `${t(`basisKeys.${k as "dayOff"}`, { defaultValue: k })} ${k === "reason" ? t(`outsideReasons.${String(v) as "offSite"}`, { defaultValue: String(v) }) : k === "source" && v === "clerk" ? t("clerkSource") : String(v)}`)
      .join("；");
  return (
    <div className="overflow-x-auto">
      <Table bare testId="proposal-table">
        <thead>
          <HeadRow>
            <Th dense>{t("line")}</Th>
            <Th dense>{t("proposal")}</Th>
            <Th dense>{t("days")}</Th>
            <Th dense num>
              {t("hours")}
            </Th>
            <Th dense>{t("basis")}</Th>
            <Th dense>{t("state")}</Th>
            <Th dense>{t("reason")}</Th>
          </HeadRow>
        </thead>
        <tbody>
          {proposals.map((p) => {
            const refused = action?.intent === "decide" && action.proposalId === p.id ? action : null;
            const errorId = `proposal-${p.id}-error`;
            return (
              <Row key={p.id} className="align-top" data-testid="proposal">
                <Td dense>{lineLabel(p.lineId)}</Td>
                <Td dense className="whitespace-nowrap">
                  {t(`proposalKinds.${p.kind}`)}
                </Td>
                <Td dense>{p.day ?? daysText(p.days, t("daysCount", { value: p.days.length }))}</Td>
                <Td dense num>
                  {p.hours === null ? "" : p.hours.toFixed(1)}
                </Td>
                <Td dense className="text-xs text-muted">
                  {basisText(p.basis)}
                </Td>
                <Td dense>
                  <Badge tone={PROPOSAL_TONES[p.state] ?? "neutral"}>{t(`proposalStates.${p.state as 0 | 1 | 2}`)}</Badge>
                </Td>
                <Td dense>
                  {editable && p.open ? (
                    <Form method="post" action={here} className="flex w-[340px] flex-wrap items-start gap-2" data-testid="decide-form">
                      <input type="hidden" name="proposalId" value={p.id} />
                      <div className="w-[160px]">
                      <Input
                        name="reason"
                        maxLength={200}
                        defaultValue={refused?.values?.reason ?? ""}
                        aria-label={`${t("reason")} ${t(`proposalKinds.${p.kind}`)}`}
                        aria-invalid={refused ? true : undefined}
                        aria-describedby={refused ? errorId : undefined}
                      />
                      </div>
                      <Button type="submit" name="intent" value="accept" size="sm" disabled={busy}>
                        {t("accept")}
                      </Button>
                      <Button type="submit" name="intent" value="reject" size="sm" variant="danger" disabled={busy}>
                        {t("reject")}
                      </Button>
                      {refused ? (
                        <p id={errorId} role="alert" className="w-full text-xs text-danger">
                          {message(refused.error)}
                        </p>
                      ) : null}
                    </Form>
                  ) : (
                    <span className="text-muted">{p.reason}</span>
                  )}
                </Td>
              </Row>
            );
          })}
        </tbody>
      </Table>
    </div>
  );
}

/** A form's 保存, level with its inputs: below the fields' labels (a text-sm line and its margin). */
function SaveLevel({ intent, busy }: { intent: string; busy: boolean }) {
  const { t } = useTranslation(BILLS);
  return (
    <div className="pt-[24px]">
      <Button type="submit" name="intent" value={intent} disabled={busy}>
        {t("save")}
      </Button>
    </div>
  );
}

/** 补录天数: idle or off-rent days the telemetry did not propose, with the reason (addClerkDays). */
function AddDaysForm({ lines, period, action, here }: { lines: { id: number; label: string }[]; period: { from: string; to: string }; action?: BillActionData; here: string }) {
  const { t } = useTranslation(BILLS);
  const message = useMessage();
  const busy = useNavigation().state === "submitting";
  const v = action?.values ?? {};
  const error = action ? message(action.error) : null;
  return (
    <Form method="post" action={here} className="mt-4 flex flex-wrap items-start gap-3 border-t border-line pt-3" data-testid="add-days-form" aria-label={t("addDays")}>
      <h3 className="w-full text-sm font-medium text-ink">{t("addDays")}</h3>
      <p className="-mt-2 w-full text-xs text-muted">{t("addDaysHint")}</p>
      <label className="flex w-[280px] flex-col gap-1 text-sm text-muted">
        {t("line")}
        <Select name="lineId" defaultValue={v.lineId ?? String(lines[0]!.id)} required>
          {lines.map((l) => (
            <option key={l.id} value={l.id}>
              {l.label}
            </option>
          ))}
        </Select>
      </label>
      <label className="flex w-[140px] flex-col gap-1 text-sm text-muted">
        {t("dayKind")}
        <Select name="kind" defaultValue={v.kind ?? "idle"} required>
          <option value="idle">{t("proposalKinds.idle")}</option>
          <option value="stopRent">{t("proposalKinds.stopRent")}</option>
        </Select>
      </label>
      <label className="flex w-[170px] flex-col gap-1 text-sm text-muted">
        {t("fromDay")}
        <Input type="date" name="from" min={period.from} max={period.to} defaultValue={v.from ?? ""} required />
      </label>
      <label className="flex w-[170px] flex-col gap-1 text-sm text-muted">
        {t("toDay")}
        <Input type="date" name="to" min={period.from} max={period.to} defaultValue={v.to ?? ""} required />
      </label>
      <div className="w-[320px]">
        <Field id="add-days-reason" name="reason" label={t("reason")} maxLength={200} required defaultValue={v.reason ?? ""} error={error} />
      </div>
      <SaveLevel intent="addDays" busy={busy} />
    </Form>
  );
}

function AdjustForm({ action, here }: { action?: BillActionData; here: string }) {
  const { t } = useTranslation(BILLS);
  const message = useMessage();
  const busy = useNavigation().state === "submitting";
  // the amount's refusal under the amount, any other (the reason, a stale or locked bill) under the reason
  const amountError = action && /^bills:adjustment(Amount|Credit|Ceiling)\b/.test(action.error) ? message(action.error) : null;
  const error = action && !amountError ? message(action.error) : null;
  return (
    <Form method="post" action={here} className="flex flex-wrap items-start gap-3" data-testid="adjust-form" aria-label={t("addAdjustment")}>
      <h3 className="w-full text-sm font-medium text-ink">{t("addAdjustment")}</h3>
      <div className="w-[200px]">
        <Field id="adjust-amount" name="amount" label={t("adjustmentLabel")} hint={t("adjustmentHint")} inputMode="decimal" required defaultValue={action?.values?.amount ?? ""} error={amountError} />
      </div>
      <div className="w-[360px]">
        <Field id="adjust-reason" name="reason" label={t("reason")} maxLength={200} required defaultValue={action?.values?.reason ?? ""} error={error} />
      </div>
      <SaveLevel intent="adjust" busy={busy} />
    </Form>
  );
}

/** Each machine's days: engine hours as bars, then the table (hours to one decimal; no site fence: —). */
function Evidence({ lineLabel }: { lineLabel: (id: number) => string }) {
  const { t } = useTranslation(BILLS);
  const { evidence } = useLoaderData<BillPageData>();
  const lineIds = [...new Set(evidence.map((e) => e.lineId))];
  if (!lineIds.length) return <Empty>{t("noEvidence")}</Empty>;
  return (
    <div className="flex flex-col gap-6">
      {lineIds.map((lineId) => {
        const days = evidence.filter((e) => e.lineId === lineId);
        const label = lineLabel(lineId);
        return (
          <section key={lineId} aria-label={label} data-testid="evidence-line">
            <h3 className="mb-2 text-sm font-medium text-ink">{label}</h3>
            <HoursChart days={days} label={t("hoursChart", { line: label })} />
            <div className="mt-2 max-h-[360px] overflow-auto">
              <div className="max-w-[720px]">
                <Table bare testId="evidence-table">
                  <thead className="sticky top-0 bg-panel">
                    <HeadRow>
                      <Th dense>{t("day")}</Th>
                      <Th dense num>
                        {t("engineHours")}
                      </Th>
                      <Th dense num>
                        {t("km")}
                      </Th>
                      <Th dense num>
                        {t("onSiteMinutes")}
                      </Th>
                      <Th dense num>
                        {t("faultMinutes")}
                      </Th>
                      <Th dense num>
                        {t("calls")}
                      </Th>
                    </HeadRow>
                  </thead>
                  <tbody>
                    {days.map((d) => (
                      <Row key={d.day} data-no-data={d.noData ? "true" : undefined}>
                        <Td dense>{d.day}</Td>
                        {d.noData ? (
                          // the terminal sent nothing: not a quiet day, and never proposed as idle or stop-rent
                          <Td dense colSpan={2} className="text-center text-warning">
                            {t("noData")}
                          </Td>
                        ) : (
                          <>
                            <Td dense num>
                              {d.engineHours.toFixed(1)}
                            </Td>
                            <Td dense num>
                              {Math.round(d.km)}
                            </Td>
                          </>
                        )}
                        <Td dense num>
                          {d.onSiteMinutes === null ? "—" : d.onSiteMinutes}
                        </Td>
                        <Td dense num>
                          {d.faultMinutes}
                        </Td>
                        <Td dense num>
                          {d.calls || ""}
                        </Td>
                      </Row>
                    ))}
                  </tbody>
                </Table>
              </div>
            </div>
          </section>
        );
      })}
    </div>
  );
}
