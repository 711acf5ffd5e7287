/**
 * One bill's page (`/contractBillReport/bill?id=`): its head, items, day-by-day evidence and proposals, and the clerk's
 * acts as plain form posts (so they work without JavaScript): accept or reject a proposal, confirm (after a
 * confirmation step, `&confirm=1`), add an adjustment to a confirmed bill. Everything through bill.server.ts, which
 * keeps to the user's tenant and data scope: a bill it does not answer is 404 here.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { eq, isNotNull, sql } from "drizzle-orm";
import { contractLines, contracts, customers, outcarRecords } from "../../../db/schema";
import { tenantOfOuter, tenantWhere } from "../../../db/tenant";
import { centsOf, formatCents } from "~/lib/cents";
import { requireScope, type RequestScope } from "~/modules/access/access.server";
import { flashCookie, readFlash } from "~/modules/auth/session.server";
import { addClerkDays, adjustBill, BILL_CONFIRM_CODE, BILL_STATE, confirmBill, decideProposal, loadBill, PROPOSAL_STATE, type BillOutcome } from "./bill.server";
import { BILL_EDIT_CODE, BILL_LIST_PATH, billHref } from "./bills.resource";
import { readForm } from "~/lib/posted-form.server";
import { existingStatementOf } from "./statement.server";
import { itemArithmetic } from "./arithmetic";
import { tripHours } from "./bill-terms";
import { daysOnRent, shiftDays } from "./pricing";
import type { LoadedBill } from "./bill.server";
import { billPeriod } from "./periods";

/** The clerk's acts on a draft's proposals and a confirmed bill's adjustments (confirming needs BILL_CONFIRM_CODE). */
export { BILL_EDIT_CODE };

const billId = (request: Request) => {
  const id = Number(new URL(request.url).searchParams.get("id"));
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response("Not Found", { status: 404 });
  return id;
};

/** A share in basis points as a percent without trailing zeros (7000 → "70"). */
const percent = (bp: unknown) => (typeof bp === "number" ? String(bp / 100) : null);

/**
 * 台班明细: for each line priced by the shift, the days it bills (shiftDays, the pricing's own table): the hours, the part
 * of a shift, the overtime hours and the day's amount (each day's exact amount rounded for reading; the items round their
 * sums once).
 */
async function shiftTables(scope: RequestScope, bill: LoadedBill["bill"], evidence: LoadedBill["evidence"]) {
  const lines = await scope.db
    .select({ id: contractLines.id, shiftCents: contractLines.shiftCents, shiftHours: contractLines.shiftHours, shiftOvertimeCents: contractLines.shiftOvertimeCents, minHoursPerCall: contractLines.minHoursPerCall, onRentOn: contractLines.onRentOn, offRentOn: contractLines.offRentOn })
    .from(contractLines)
    .where(tenantWhere(contractLines, scope, eq(contractLines.contractId, bill.contractId), isNotNull(contractLines.shiftCents)));
  if (!lines.length) return [];
  const trips = await scope.db
    .select({ id: outcarRecords.id, lineId: outcarRecords.lineId, tripOn: outcarRecords.tripOn, departAt: outcarRecords.departAt, returnAt: outcarRecords.returnAt, hoursStart: outcarRecords.engineHoursStart, hoursEnd: outcarRecords.engineHoursEnd })
    .from(outcarRecords)
    .where(tenantWhere(outcarRecords, scope, eq(outcarRecords.contractId, bill.contractId), sql`${outcarRecords.tripOn} between ${bill.periodFrom} and ${bill.periodTo}`));
  const period = { from: bill.periodFrom, to: bill.periodTo };
  return lines
    .filter((l) => l.shiftCents != null && l.shiftHours > 0)
    .map((l) => {
      const calls = trips.filter((t) => t.lineId === l.id).map((t) => ({ id: t.id, day: t.tripOn, hours: tripHours(t) }));
      const days = evidence.filter((e) => e.lineId === l.id).map((e) => ({ day: e.day, engineHours: e.engineHours, km: e.km, onSiteMinutes: e.onSiteMinutes, faultMinutes: e.faultMinutes }));
      const table = shiftDays(l, calls, days, new Set(daysOnRent(l, { ...period, wholeMonth: false, dayCount: "thirty", monthDays: 30 })));
      const day = (d: (typeof table.days)[number]) => {
        const cents = d.inShift.times(l.shiftCents!).div(l.shiftHours).plus(d.overtime.times(l.shiftOvertimeCents ?? 0));
        return { day: d.day, hours: d.hours.toFixed(), shifts: d.inShift.div(l.shiftHours).round(4).toFixed(), overtime: d.overtime.toFixed(), amount: formatCents(Number(cents.round(0, 1).toFixed())) };
      };
      return { lineId: l.id, source: table.source, minHoursPerCall: l.minHoursPerCall, shiftHours: l.shiftHours, days: table.days.map(day) };
    });
}

export async function billLoader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: BILL_LIST_PATH });
  const id = billId(request);
  const loaded = await loadBill(scope, id);
  if (!loaded) throw new Response("Not Found", { status: 404 });
  const { bill, items, evidence, proposals, lines, adjustments } = loaded;
  // the contract's number and name and the customer's name read on their own: loadBill's head, read in a batch, came
  // back with the two "name" columns collapsed into one (the customer shown as the contract's name, the settlement day
  // as the customer)
  const [contract] = await scope.db
    .select({ number: contracts.number, name: contracts.name, kind: contracts.kind, settlementDay: contracts.settlementDay, dayCount: contracts.dayCount, priceTax: contracts.priceTax, customer: sql<string | null>`(select ${customers.name} from ${customers} where ${customers.id} = ${contracts.customerId} and ${tenantOfOuter(customers, contracts)})` })
    .from(contracts)
    .where(tenantWhere(contracts, scope, eq(contracts.id, bill.contractId)));
  const shifts = await shiftTables(scope, bill, evidence);
  const { flash, clear } = readFlash(request);
  const can = { edit: scope.access.permissions.has(BILL_EDIT_CODE), confirm: scope.access.permissions.has(BILL_CONFIRM_CODE) };
  const draft = bill.state === BILL_STATE.draft;
  const url = new URL(request.url);
  // the statement already made for the bill's period, for whoever may only open it (making one is a POST)
  const statementId = draft || can.edit ? null : await existingStatementOf(scope, bill.id);
  return data(
    {
      flash: flash === "saved",
      can,
      statementId,
      asking: draft && can.confirm && url.searchParams.get("confirm") === "1",
      bill: {
        id: bill.id,
        number: bill.number,
        kind: bill.kind,
        state: bill.state,
        periodFrom: bill.periodFrom,
        periodTo: bill.periodTo,
        dueOn: bill.dueOn,
        final: bill.final === 1,
        remark: bill.remark,
        adjustsId: bill.adjustsId,
        amount: formatCents(bill.amountCents),
        tax: formatCents(bill.taxCents),
        net: formatCents(bill.amountCents - bill.taxCents),
        paid: formatCents(bill.paidCents),
        taxRate: percent(bill.taxRateBp),
      },
      contract: contract ? { number: contract.number, name: contract.name, customer: contract.customer } : null,
      // the conventions the bill was priced by, as the customer will ask: the day count (and this period's divisor) and the tax
      terms: contract ? { dayCount: contract.dayCount, monthDays: billPeriod(contract, { from: bill.periodFrom, to: bill.periodTo }).monthDays, priceTax: contract.priceTax } : null,
      lines: lines.map((l) => ({ id: l.id, lineNo: l.lineNo, plate: l.plate, equipmentType: l.equipmentType, spec: l.spec })),
      items: items.map((i) => ({
        id: i.id,
        lineId: i.lineId,
        rule: i.rule,
        quantity: i.quantity,
        unit: i.unit,
        rate: formatCents(i.rateCents),
        share: percent(i.basis?.shareBp),
        feeKind: typeof i.basis?.kind === "string" ? i.basis.kind : null,
        // a fixed price's instalment: its number in the plan and its due day
        instalment: i.rule === "instalment" && typeof i.basis?.seq === "number" ? { seq: i.basis.seq, dueOn: String(i.basis.dueOn ?? "") } : null,
        amount: formatCents(i.amountCents),
        tax: formatCents(i.taxCents),
        arithmetic: itemArithmetic(i),
        clause: typeof i.basis?.clause === "string" ? i.basis.clause : null,
        // an idle item of a declared period (停滞期申报): the declaration it cites
        declared: typeof i.basis?.declared === "string" ? i.basis.declared : null,
        // a late adjustment: the confirmed bill it corrects and what came after it
        late: typeof i.basis?.late === "string" ? { bill: String(i.basis.adjusts ?? ""), of: i.basis.late } : null,
        note: i.note,
      })),
      evidence: evidence.map((e) => ({ lineId: e.lineId, day: e.day, engineHours: e.engineHours, km: e.km, onSiteMinutes: e.onSiteMinutes, faultMinutes: e.faultMinutes, noData: e.noData === 1 && e.calls === 0, calls: e.calls })),
      proposals: proposals.map((p) => ({
        id: p.id,
        lineId: p.lineId,
        kind: p.kind,
        days: p.days,
        day: p.day,
        hours: p.hours,
        basis: p.basis ?? {},
        state: p.state,
        reason: p.reason,
        open: p.state === PROPOSAL_STATE.open,
      })),
      adjustments: adjustments.map((a) => ({ id: a.id, number: a.number, amount: formatCents(a.amountCents), state: a.state })),
      shifts,
    },
    { headers: clear ? { "Set-Cookie": clear } : undefined },
  );
}
export type BillPageData = Awaited<ReturnType<typeof billLoader>>["data"];

/** A refused act: the message key (in the bills namespace) the page shows, and what was typed. */
export type BillActionData = { intent: string; error: string; proposalId?: number; values?: Record<string, string> };

export async function billAction({ request, context }: ActionFunctionArgs) {
  const id = billId(request);
  // the session and the screen before the body is read; each intent's own code below
  await requireScope(request, context, { screen: BILL_LIST_PATH });
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const text = (k: string) => String(form.get(k) ?? "");
  const done = (outcome: BillOutcome<object>, refused: Omit<BillActionData, "error">) => {
    if (outcome.ok) return redirect(billHref(id), { headers: { "Set-Cookie": flashCookie("saved") } });
    if (outcome.status === 404) throw new Response("Not Found", { status: 404 });
    return data<BillActionData>({ ...refused, error: outcome.message }, { status: outcome.status });
  };
  if (intent === "accept" || intent === "reject") {
    const scope = await requireScope(request, context, { screen: BILL_LIST_PATH, permission: BILL_EDIT_CODE });
    const proposalId = Number(form.get("proposalId"));
    return done(await decideProposal(scope, id, proposalId, intent === "accept", text("reason")), { intent: "decide", proposalId, values: { reason: text("reason") } });
  }
  if (intent === "confirm") {
    const scope = await requireScope(request, context, { screen: BILL_LIST_PATH, permission: BILL_CONFIRM_CODE });
    return done(await confirmBill(scope, id), { intent });
  }
  if (intent === "addDays") {
    const scope = await requireScope(request, context, { screen: BILL_LIST_PATH, permission: BILL_EDIT_CODE });
    const values = { lineId: text("lineId"), kind: text("kind"), from: text("from"), to: text("to"), reason: text("reason") };
    return done(await addClerkDays(scope, id, { ...values, lineId: Number(values.lineId) }), { intent, values });
  }
  if (intent === "adjust") {
    const scope = await requireScope(request, context, { screen: BILL_LIST_PATH, permission: BILL_EDIT_CODE });
    const cents = centsOf(text("amount"));
    const values = { amount: text("amount"), reason: text("reason") };
    if (cents === null) return data<BillActionData>({ intent, error: "bills:adjustmentAmount", values }, { status: 400 });
    return done(await adjustBill(scope, id, cents, text("reason")), { intent, values });
  }
  throw new Response("Bad Request", { status: 400 });
}
