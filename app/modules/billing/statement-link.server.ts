/**
 * `/statement/<token>`: the customer's statement through its signed link, no account (issue 26 §2). The loader shows
 * it (the first look is recorded), the action confirms it or disputes named items. An expired link answers 410, a
 * revoked, forged or unknown one 404, each with a page that says so in the reader's language.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { anonymousScope } from "~/modules/access/access.server";
import { confirmByCustomer, disputeByCustomer, linkScope, markViewed, readStatementLink, statementView, STATEMENT_STATE, type StatementView } from "./statement.server";
import { readForm } from "~/lib/posted-form.server";
import { itemArithmetic } from "./arithmetic";
import { billPeriod } from "./periods";
import { decisionBasis, fill } from "./decision-basis.server";
import { daysBetween } from "~/modules/contracts/value";
import { readPreferences } from "~/modules/auth/preferences.server";
import { isLanguage, type Language } from "~/i18n/index";
import { resources } from "~/i18n/resources";
import { formatCents } from "~/lib/cents";

/** What the page shows of a statement: no ids of other rows than its own, no user names (the events say "the lessor"). */
export function publicView(v: StatementView) {
  const lineOf = new Map(v.lines.map((l) => [l.id, l]));
  return {
    number: v.statement.number,
    state: v.statement.state,
    periodFrom: v.statement.periodFrom,
    periodTo: v.statement.periodTo,
    amountCents: v.bills.reduce((s, b) => s + b.amountCents, 0),
    taxCents: v.bills.reduce((s, b) => s + b.taxCents, 0),
    confirmedName: v.statement.confirmedName,
    confirmedAt: v.statement.confirmedAt,
    expiresAt: v.statement.linkExpiresAt,
    contractNumber: v.contractNumber,
    contractName: v.contractName,
    // the conventions the bills were priced by, and the period's divisor under calendar days
    terms: { dayCount: v.dayCount, priceTax: v.priceTax, monthDays: billPeriod(v, { from: v.statement.periodFrom, to: v.statement.periodTo }).monthDays },
    customer: v.customer,
    lessor: v.lessor,
    timeZone: v.timeZone,
    bills: v.bills.map((b) => ({
      id: b.id,
      number: b.number,
      kind: b.kind,
      periodFrom: b.periodFrom,
      periodTo: b.periodTo,
      dueOn: b.dueOn,
      amountCents: b.amountCents,
      taxCents: b.taxCents,
      items: v.items
        .filter((i) => i.billId === b.id)
        .map((i) => {
          const line = i.lineId ? lineOf.get(i.lineId) : undefined;
          return { id: i.id, rule: i.rule, quantity: i.quantity, unit: i.unit, rateCents: i.rateCents, amountCents: i.amountCents, taxCents: i.taxCents, shareBp: typeof i.basis?.shareBp === "number" ? i.basis.shareBp : null, feeKind: typeof i.basis?.kind === "string" ? i.basis.kind : null, note: i.note, arithmetic: itemArithmetic(i), clause: typeof i.basis?.clause === "string" ? i.basis.clause : null, declared: typeof i.basis?.declared === "string" ? i.basis.declared : null, machine: line ? (line.plate ?? line.spec ?? (line.equipmentType ? null : `#${line.lineNo}`)) : null, equipmentType: line && !line.plate && !line.spec ? line.equipmentType : null };
        }),
      evidence: v.evidence
        .filter((e) => e.billId === b.id)
        .map((e) => {
          const line = lineOf.get(e.lineId);
          return { machine: line ? (line.plate ?? line.spec ?? `#${line.lineNo}`) : "", days: Number(e.days), activeDays: Number(e.activeDays), noDataDays: Number(e.noDataDays), engineHours: Number(e.engineHours), faultHours: Math.round(Number(e.faultMinutes) / 6) / 10 };
        }),
    })),
    // the evidence behind each accepted proposal, for the PDF's 计费依据 (the machines named as above)
    decisions: {
      proposals: v.accepted.map((p) => ({ billId: p.billId, lineId: p.lineId, kind: p.kind, state: p.state, days: p.days, hours: p.hours, day: p.day, basis: p.basis })),
      machines: v.lines.map((l) => ({ lineId: l.id, name: l.plate ?? l.spec ?? `#${l.lineNo}` })),
      // each line's machine's fault alarms, by the line (no vehicle id on the customer's page)
      faults: v.lines.map((l) => ({ lineId: l.id, spans: v.faults.filter((f) => f.vehicleId === l.vehicleId).map((f) => ({ from: f.from, to: f.to })) })),
      // the approved idle declarations the bills were priced by, with their reasons
      declared: v.declared,
    },
    events: v.events.map((e) => ({ kind: e.kind, at: e.at, customerName: e.customerName, billItemId: e.billItemId, comment: e.comment, byLessor: e.userId != null })),
    // the late interest of the bills: each run of days on one base, by the bill's number
    interest: v.interest.map((r) => ({ billNumber: v.bills.find((b) => b.id === r.billId)?.number ?? "", fromOn: r.fromOn, toOn: r.toOn, days: daysBetween(r.fromOn, r.toOn), baseCents: r.baseCents, rateBp: r.rateBp, cents: r.cents })),
  };
}

/** 计费依据 in the reader's language: what each accepted proposal stood on (the page and its PDF show the same sentences). */
function basisOf(s: Pick<PublicStatement, "decisions" | "timeZone">, lang: Language): string[] {
  const d = s.decisions;
  return decisionBasis({ proposals: d.proposals, lineLabel: (id) => d.machines.find((m) => m.lineId === id)?.name ?? "", faultsOf: (id) => d.faults.find((f) => f.lineId === id)?.spans ?? [], timeZone: s.timeZone, lang, declared: d.declared });
}

/** Each run of late interest as its arithmetic, in the reader's language: `ZD-… : 11-01 至 11-10，1,000.00 × 日利率0.30% × 10天 = 30.00`. */
function interestLines(runs: PublicStatement["interest"], lang: Language): string[] {
  const text = resources[lang].statements.interestRun;
  return runs.map((r) => fill(text, { bill: r.billNumber, from: r.fromOn, to: r.toOn, base: formatCents(r.baseCents), rate: `${(r.rateBp / 100).toFixed(2)}%`, days: r.days, amount: formatCents(r.cents) }));
}

/** What the customer's page receives: the statement without the rows the sentences were made from, with the sentences. */
function pageView(v: StatementView, lang: Language) {
  const { decisions, interest, ...shown } = publicView(v);
  return { ...shown, basis: basisOf({ decisions, timeZone: shown.timeZone }, lang), interestLines: interestLines(interest, lang) };
}

export type PublicStatement = ReturnType<typeof publicView>;
export type StatementPageView = ReturnType<typeof pageView>;
export type StatementLinkData = { ok: true; token: string; statement: StatementPageView } | { ok: false; reason: "invalid" | "expired" | "revoked" };

export async function statementLinkLoader({ request, params, context }: LoaderFunctionArgs) {
  const { env, db } = anonymousScope(context);
  const token = params.token ?? "";
  const link = await readStatementLink(env, db, token);
  const headers = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex" };
  if (!link.ok) return data<StatementLinkData>({ ok: false, reason: link.reason }, { status: link.reason === "expired" ? 410 : 404, headers });
  const view = await statementView(db, link.tenantId, link.statementId);
  if (!view) return data<StatementLinkData>({ ok: false, reason: "invalid" }, { status: 404, headers });
  if (view.statement.state === STATEMENT_STATE.sent) await markViewed(db, link);
  // the reader's language, or the one a PDF link asks for (?lang=)
  const asked = new URL(request.url).searchParams.get("lang");
  return data<StatementLinkData>({ ok: true, token, statement: pageView(view, isLanguage(asked) ? asked : readPreferences(request).lang) }, { headers });
}

export type StatementLinkAction = { ok: true; done: "confirmed" | "disputed" } | { ok: false; message: string; fields: { name: string; comment: string; items: string[] } };

export async function statementLinkAction({ request, params, context }: ActionFunctionArgs) {
  const { env, db } = anonymousScope(context);
  const link = await readStatementLink(env, db, params.token ?? "");
  if (!link.ok) throw new Response(null, { status: link.reason === "expired" ? 410 : 404 });
  const form = await readForm(request);
  const name = String(form.get("name") ?? "");
  const comment = String(form.get("comment") ?? "");
  const items = form.getAll("items").map(String);
  const intent = form.get("intent");
  const fields = { name, comment, items };
  if (intent === "confirm") {
    const r = await confirmByCustomer(linkScope(env, db, link), name);
    return r.ok ? data<StatementLinkAction>({ ok: true, done: "confirmed" }) : data<StatementLinkAction>({ ok: false, message: r.message, fields }, { status: r.status });
  }
  if (intent === "dispute") {
    const ids = items.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
    const r = await disputeByCustomer(linkScope(env, db, link), name, ids, comment);
    return r.ok ? data<StatementLinkAction>({ ok: true, done: "disputed" }) : data<StatementLinkAction>({ ok: false, message: r.message, fields }, { status: r.status });
  }
  return data<StatementLinkAction>({ ok: false, message: "statements:unknownIntent", fields }, { status: 400 });
}
