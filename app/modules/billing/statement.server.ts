/**
 * The monthly statement (对账单, issue 26 §2): a contract's confirmed bills of a period, gathered and sent to the
 * customer through a signed link that needs no account. The link is a JWT (HS256) naming the tenant, the statement
 * and the statement's current nonce, expiring after LINK_DAYS; revoking clears the nonce (every earlier link dies),
 * sending again makes a new one. The customer confirms (the bills lock) or disputes named items with a comment; the
 * clerk answers a disputed item with an adjustment or a note, and sends again. Every step is a statement event.
 */
import { and, asc, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import type { Message } from "~/i18n/keys";
import type { RequestScope } from "~/modules/access/access.server";
import { runCommand } from "~/modules/resource/command.server";
import type { Env } from "../../../workers/env";
import { batch, type Db } from "../../../db/client";
import { visibleOrgRowWhere } from "../../../db/rules/data-scope";
import { billEvidence, billInterest, billItems, billProposals, bills, contractLines, contracts, customers, statementEvents, statements, tenants, vehicles } from "../../../db/schema";
import { declaredSpans, faultAlarmsOf, type FaultAlarm } from "./decision-basis.server";
import { ofTenant, sameTenant, tenantWhere, withTenant } from "../../../db/tenant";
import { adjustBill, BILL_STATE, type BillOutcome } from "./bill.server";
import { STATEMENT_LINK_CODE, statementStates } from "./bills.resource";
import { runTransition, STALE, type EngineScope, type Machine, type Plan, type TransitionResult } from "~/modules/workflow/engine.server";
import type { Refusal } from "~/modules/workflow/machine";
import { PROPOSAL_STATE, STATEMENT_STATE } from "../../../db/states";

/** How long a sent link stays valid. */
export const LINK_DAYS = 14;
/** A statement's number: DZ-, the contract's number (else its first revision's id) and the period's last day. */
export const statementNumberOf = (contractNumber: string | null | undefined, rootId: number, periodTo: string) => `DZ-${contractNumber ?? rootId}-${periodTo.replaceAll("-", "")}`;
export { STATEMENT_STATE };
const AUDIENCE = "derrick-statement";

let importedKey: { secret: string; key: CryptoKey } | null = null;

async function linkKey(env: Pick<Env, "SESSION_SECRET" | "APP_ENV">): Promise<CryptoKey> {
  const secret = env.SESSION_SECRET ?? (env.APP_ENV === "production" ? "" : "derrick-local-session-secret");
  if (!secret) throw new Error("SESSION_SECRET is not set");
  if (importedKey?.secret === secret) return importedKey.key;
  // a key of its own, derived for this use: a statement link is never a session cookie
  const bytes = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`statement-link:${secret}`));
  const key = await crypto.subtle.importKey("raw", bytes, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
  importedKey = { secret, key };
  return key;
}

/** The link's token for a statement's current nonce, valid until `expiresAt` (ms). */
export async function statementToken(env: Pick<Env, "SESSION_SECRET" | "APP_ENV">, claims: { tenantId: number; statementId: number; nonce: string; expiresAt: number }): Promise<string> {
  return new SignJWT({ tid: claims.tenantId, sid: claims.statementId, n: claims.nonce })
    .setProtectedHeader({ alg: "HS256" })
    .setAudience(AUDIENCE)
    .setExpirationTime(Math.floor(claims.expiresAt / 1000))
    .sign(await linkKey(env));
}

export type LinkState = { ok: true; tenantId: number; statementId: number; nonce: string } | { ok: false; reason: "invalid" | "expired" | "revoked" };

/** What a link names, when its signature holds and it has not expired and the statement still has its nonce. */
export async function readStatementLink(env: Pick<Env, "SESSION_SECRET" | "APP_ENV">, db: Db, token: string): Promise<LinkState> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, await linkKey(env), { audience: AUDIENCE, algorithms: ["HS256"] }));
  } catch (error) {
    return { ok: false, reason: (error as { code?: string }).code === "ERR_JWT_EXPIRED" ? "expired" : "invalid" };
  }
  const { tid, sid, n } = payload;
  if (typeof tid !== "number" || typeof sid !== "number" || typeof n !== "string") return { ok: false, reason: "invalid" };
  const [row] = await db.select({ nonce: statements.linkNonce, expiresAt: statements.linkExpiresAt }).from(statements).where(tenantWhere(statements, tid, eq(statements.id, sid)));
  if (!row) return { ok: false, reason: "invalid" };
  if (row.nonce !== n) return { ok: false, reason: "revoked" };
  if (!row.expiresAt || row.expiresAt <= Date.now()) return { ok: false, reason: "expired" };
  return { ok: true, tenantId: tid, statementId: sid, nonce: n };
}

const refuse = (status: 400 | 404 | 409, message: Message) => ({ ok: false as const, status, message });

/** The bills a statement gathers: the contract's confirmed bills of the period, adjustments included. */
const statementBillsWhere = (tenantId: number, s: { rootId: number; periodFrom: string; periodTo: string }) =>
  tenantWhere(bills, tenantId, eq(bills.rootId, s.rootId), gte(bills.periodFrom, s.periodFrom), lte(bills.periodTo, s.periodTo), sql`${bills.state} > ${sql.raw(String(BILL_STATE.draft))}`);

const statementOfPeriod = async (scope: RequestScope, bill: { rootId: number; periodFrom: string; periodTo: string }) =>
  (await scope.db.select({ id: statements.id }).from(statements).where(tenantWhere(statements, scope, eq(statements.rootId, bill.rootId), eq(statements.periodFrom, bill.periodFrom), eq(statements.periodTo, bill.periodTo))))[0]?.id ?? null;

/** The id of a bill's statement when one was made (a bill the user may not see has none): reads only, for the pages. */
export async function existingStatementOf(scope: RequestScope, billId: number): Promise<number | null> {
  const [bill] = await scope.db.select({ rootId: bills.rootId, periodFrom: bills.periodFrom, periodTo: bills.periodTo }).from(bills).where(tenantWhere(bills, scope, eq(bills.id, billId), visibleOrgRowWhere(scope, bills.orgId)));
  return bill ? statementOfPeriod(scope, bill) : null;
}

/**
 * The statement of a confirmed bill's contract and period: made on first asking (its amount the confirmed bills of the
 * period), the same one after. Answers its id. A write: only the statement page's action calls it (a POST that needs
 * the send permission), never a loader.
 */
export async function statementForBill(scope: RequestScope, billId: number): Promise<BillOutcome<{ id: number }>> {
  const [bill] = await scope.db.select().from(bills).where(tenantWhere(bills, scope, eq(bills.id, billId), visibleOrgRowWhere(scope, bills.orgId)));
  if (!bill) return refuse(404, "bills:notFound");
  if (bill.state === BILL_STATE.draft) return refuse(409, "statements:statementConfirmedOnly");
  const existing = await statementOfPeriod(scope, bill);
  if (existing) return { ok: true, id: existing };
  const [contract] = await scope.db.select({ number: contracts.number }).from(contracts).where(tenantWhere(contracts, scope, eq(contracts.id, bill.contractId)));
  const [sum] = await scope.db.select({ amount: sql<number>`coalesce(sum(${bills.amountCents}), 0)` }).from(bills).where(statementBillsWhere(scope.user.tenantId, bill));
  const number = statementNumberOf(contract?.number, bill.rootId, bill.periodTo);
  const [made] = await batch(scope.db, [
    scope.db
      .insert(statements)
      .values(
        withTenant(scope, {
          orgId: bill.orgId,
          number,
          contractId: bill.contractId,
          rootId: bill.rootId,
          customerId: bill.customerId,
          periodFrom: bill.periodFrom,
          periodTo: bill.periodTo,
          amountCents: Number(sum?.amount ?? 0),
          creatorId: scope.user.id,
        }),
      )
      .onConflictDoNothing()
      .returning({ id: statements.id }),
    // its first event in the same batch, only when the statement was made here (changes() of the insert above: a
    // statement another clerk made first keeps its own)
    scope.db.insert(statementEvents).select(
      scope.db
        .select({
          id: sql<number>`null`.as("id"),
          tenantId: statements.tenantId,
          statementId: statements.id,
          kind: sql<"created">`'created'`.as("kind"),
          at: sql<number>`${Date.now()}`.as("at"),
          userId: sql<number>`${scope.user.id}`.as("user_id"),
          customerName: sql<string | null>`null`.as("customer_name"),
          billItemId: sql<number | null>`null`.as("bill_item_id"),
          comment: sql<string | null>`null`.as("comment"),
          adjustmentId: sql<number | null>`null`.as("adjustment_id"),
        })
        .from(statements)
        .where(and(tenantWhere(statements, scope, eq(statements.number, number)), sql`changes() = 1`)),
    ),
  ]);
  const id = made[0]?.id;
  if (id === undefined) return statementForBill(scope, billId);
  return { ok: true, id };
}

async function visibleStatement(scope: RequestScope, id: number) {
  const [row] = await scope.db.select().from(statements).where(tenantWhere(statements, scope, eq(statements.id, id), visibleOrgRowWhere(scope, statements.orgId)));
  return row;
}

type StatementRow = { id: number; version: number; state: number; number: string; rootId: number; periodFrom: string; periodTo: string };
const statementRowColumns = { id: statements.id, version: statements.version, state: statements.state, number: statements.number, rootId: statements.rootId, periodFrom: statements.periodFrom, periodTo: statements.periodTo };

/** A statement's amount as its update writes it: the confirmed bills of its contract and period, read in the write itself. */
const statementAmountNow = sql`(select coalesce(sum(${bills.amountCents}), 0) from ${bills} where ${and(sameTenant(bills, statements), eq(bills.rootId, statements.rootId), gte(bills.periodFrom, statements.periodFrom), lte(bills.periodTo, statements.periodTo), sql`${bills.state} > ${sql.raw(String(BILL_STATE.draft))}`)})`;

/**
 * 发送给客户 through the engine (statementStates' send): a new nonce and expiry, so every earlier link dies, the amount
 * of the bills as they are, and its event, in one batch with its audit record.
 */
export const statementDeskMachine: Machine<StatementRow> = {
  view: statementStates,
  table: statements,
  stateKey: "state",
  load: (scope, ids) => scope.db.select(statementRowColumns).from(statements).where(tenantWhere(statements, scope, inArray(statements.id, ids), visibleOrgRowWhere(scope, statements.orgId))),
  label: (r) => r.number,
  missing: { message: "statements:statementNotFound", status: 404 },
  set: (_scope, _t, _input, now) => ({ linkNonce: crypto.randomUUID(), linkExpiresAt: now + LINK_DAYS * 86_400_000, sentAt: now, amountCents: statementAmountNow }),
  writes: (scope, _t, rows) => rows.map((r) => scope.db.insert(statementEvents).values(withTenant(scope, { statementId: r.id, kind: "sent", at: Date.now(), userId: scope.user.id }))),
};

/** The customer through a statement's signed link: no user, only the link's code, and only the statement it names. */
export interface LinkScope extends EngineScope {
  user: { id: null; tenantId: number };
  link: { statementId: number; nonce: string };
}

export const linkScope = (env: Env, db: Db, link: { tenantId: number; statementId: number; nonce: string }): LinkScope => ({
  env,
  db,
  user: { id: null, tenantId: link.tenantId },
  access: { permissions: new Set([STATEMENT_LINK_CODE]) },
  link: { statementId: link.statementId, nonce: link.nonce },
});

/** The statement's disputed items as posted ("1,2,3"). */
const itemIdsOf = (posted: string | undefined) => [...new Set((posted ?? "").split(",").map(Number))].filter((n) => Number.isSafeInteger(n) && n > 0);

/**
 * 确认 and 有异议 through the engine, as the customer: the link's statement only, and only while the link is the one
 * in force (its nonce is checked again in the write: a link revoked or sent again meanwhile changes nothing). A
 * confirmation locks the statement's confirmed bills in the same batch; a dispute names items of the statement's own
 * bills, each an event the clerk answers.
 */
export const statementLinkMachine: Machine<StatementRow, LinkScope> = {
  view: statementStates,
  table: statements,
  stateKey: "state",
  load: (scope, ids) => scope.db.select(statementRowColumns).from(statements).where(tenantWhere(statements, scope, inArray(statements.id, ids), eq(statements.id, scope.link.statementId))),
  label: (r) => r.number,
  missing: { message: "statements:statementNotFound", status: 404 },
  where: (scope) => eq(statements.linkNonce, scope.link.nonce),
  set: (_scope, t, input, now) => (t.name === "confirm" ? { confirmedName: input.signer, confirmedAt: now } : {}),
  plan: async (scope, t, rows, input): Promise<Plan | Refusal> => {
    if (t.name !== "dispute") return {};
    const ids = itemIdsOf(input.items);
    if (!ids.length) return { message: "statements:disputeItems", status: 400 };
    // only the statement's own items may be named: those of the bills it gathers
    const own = await scope.db.select({ id: billItems.id }).from(billItems).innerJoin(bills, and(eq(bills.id, billItems.billId), sameTenant(bills, billItems))).where(and(statementBillsWhere(scope.user.tenantId, rows[0]!), inArray(billItems.id, ids)));
    if (own.length !== ids.length) return { message: "statements:disputeItems", status: 400 };
    return {};
  },
  writes: (scope, t, rows, input) => {
    const s = rows[0]!;
    const now = Date.now();
    if (t.name === "confirm") {
      return [
        // a side write of the engine: the bills the customer confirmed lock with the statement
        scope.db.update(bills).set({ state: BILL_STATE.locked, updatedAt: now }).where(and(statementBillsWhere(scope.user.tenantId, s), eq(bills.state, BILL_STATE.confirmed))),
        scope.db.insert(statementEvents).values(withTenant(scope, { statementId: s.id, kind: "confirmed", at: now, customerName: input.signer })),
      ];
    }
    if (t.name === "dispute") {
      const events = itemIdsOf(input.items).map((billItemId) => withTenant(scope, { statementId: s.id, kind: "disputed" as const, at: now, customerName: input.signer, billItemId, comment: input.comment }));
      // D1 binds at most 100 parameters a statement: seven an event
      const writes = [];
      for (let i = 0; i < events.length; i += 14) writes.push(scope.db.insert(statementEvents).values(events.slice(i, i + 14)));
      return writes;
    }
    return [];
  },
};

/** The engine's answer as a statement's outcome: a row changed meanwhile is worded as the bill pages word it. */
function outcomeOf(result: TransitionResult<StatementRow>): BillOutcome {
  if (result.ok) return { ok: true };
  if ((result.refusal.message as string) === STALE) return refuse(409, "bills:stale");
  return { ok: false, status: result.refusal.status === 403 ? 404 : result.refusal.status, message: result.refusal.message };
}

/** Sends (or sends again) a statement: a new nonce and expiry; every earlier link dies. Answers the link's path. */
export async function sendStatement(scope: RequestScope, id: number): Promise<BillOutcome<{ path: string }>> {
  const sent = outcomeOf(await runTransition(scope, statementDeskMachine, "send", [id], {}));
  if (!sent.ok) return sent;
  const [s] = await scope.db.select({ nonce: statements.linkNonce, expiresAt: statements.linkExpiresAt }).from(statements).where(tenantWhere(statements, scope, eq(statements.id, id)));
  if (!s?.nonce || !s.expiresAt) return refuse(409, "bills:stale");
  return { ok: true, path: `/statement/${await statementToken(scope.env, { tenantId: scope.user.tenantId, statementId: id, nonce: s.nonce, expiresAt: s.expiresAt })}` };
}

/** Revokes the statement's link: the nonce goes, so every link sent so far is refused. */
export async function revokeStatementLink(scope: RequestScope, id: number): Promise<BillOutcome> {
  const s = await visibleStatement(scope, id);
  if (!s) return refuse(404, "statements:statementNotFound");
  if (!s.linkNonce) return refuse(409, "statements:linkNone");
  await batch(scope.db, [
    scope.db.update(statements).set({ linkNonce: null, updatedAt: Date.now(), version: sql`${statements.version} + 1` }).where(tenantWhere(statements, scope, eq(statements.id, id))),
    scope.db.insert(statementEvents).values(withTenant(scope, { statementId: id, kind: "revoked", at: Date.now(), userId: scope.user.id })),
  ]);
  return { ok: true };
}

/** A statement with its bills, their items, each line's evidence summed and the events: the customer's page and the clerk's. */
export async function statementView(db: Db, tenantId: number, id: number) {
  const [s] = await db
    .select({ statement: statements, contractNumber: contracts.number, contractName: contracts.name, kind: contracts.kind, settlementDay: contracts.settlementDay, dayCount: contracts.dayCount, priceTax: contracts.priceTax, customer: customers.name, lessor: tenants.name, timeZone: tenants.timeZone })
    .from(statements)
    .innerJoin(contracts, and(eq(contracts.id, statements.contractId), sameTenant(contracts, statements)))
    .innerJoin(tenants, eq(tenants.id, statements.tenantId))
    .leftJoin(customers, and(eq(customers.id, statements.customerId), sameTenant(customers, statements)))
    .where(tenantWhere(statements, tenantId, eq(statements.id, id)));
  if (!s) return null;
  const billRows = await db.select().from(bills).where(statementBillsWhere(tenantId, s.statement)).orderBy(asc(bills.periodFrom), asc(bills.id));
  const ids = billRows.map((b) => b.id);
  const [items, evidence, events, lines, accepted, interest] = await batch(db, [
    db.select().from(billItems).where(tenantWhere(billItems, tenantId, inArray(billItems.billId, ids.length ? ids : [0]))).orderBy(asc(billItems.billId), asc(billItems.seq)),
    db
      .select({ billId: billEvidence.billId, lineId: billEvidence.lineId, days: sql<number>`count(*)`, engineHours: sql<number>`round(sum(${billEvidence.engineHours}), 1)`, activeDays: sql<number>`sum(${billEvidence.calls} > 0 or ${billEvidence.engineHours} >= 0.1 or ${billEvidence.km} >= 0.5)`, noDataDays: sql<number>`sum(${billEvidence.noData} = 1 and ${billEvidence.calls} = 0)`, faultMinutes: sql<number>`sum(${billEvidence.faultMinutes})` })
      .from(billEvidence)
      .where(and(ofTenant(billEvidence, tenantId), inArray(billEvidence.billId, ids.length ? ids : [0])))
      .groupBy(billEvidence.billId, billEvidence.lineId),
    db.select().from(statementEvents).where(tenantWhere(statementEvents, tenantId, eq(statementEvents.statementId, id))).orderBy(asc(statementEvents.at), asc(statementEvents.id)),
    db
      .select({ id: contractLines.id, lineNo: contractLines.lineNo, spec: contractLines.spec, equipmentType: contractLines.equipmentType, plate: vehicles.plate, vehicleId: contractLines.vehicleId })
      .from(contractLines)
      .leftJoin(vehicles, and(eq(vehicles.id, contractLines.vehicleId), sameTenant(vehicles, contractLines)))
      .where(tenantWhere(contractLines, tenantId, eq(contractLines.contractId, s.statement.contractId))),
    // the proposals the clerk accepted: what changed the bills' money, printed with their evidence
    db.select().from(billProposals).where(tenantWhere(billProposals, tenantId, inArray(billProposals.billId, ids.length ? ids : [0]), eq(billProposals.state, PROPOSAL_STATE.accepted))).orderBy(asc(billProposals.billId), asc(billProposals.id)),
    // the late interest the bills ran up, as runs of days on one base (docs/overdue.md)
    db
      .select({ billId: billInterest.billId, fromOn: billInterest.fromOn, toOn: billInterest.toOn, baseCents: billInterest.baseCents, rateBp: billInterest.rateBp, cents: billInterest.cents })
      .from(billInterest)
      .where(tenantWhere(billInterest, tenantId, inArray(billInterest.billId, ids.length ? ids : [0])))
      .orderBy(asc(billInterest.billId), asc(billInterest.fromOn)),
  ]);
  const vehicleIds = lines.map((l) => l.vehicleId).filter((v): v is number => v != null);
  const [faults, declared] = await Promise.all([accepted.some((p) => p.kind === "fault") ? faultAlarmsOf(db, tenantId, vehicleIds, { from: s.statement.periodFrom, to: s.statement.periodTo }, s.timeZone) : Promise.resolve([] as FaultAlarm[]), declaredSpans(db, tenantId, items)]);
  return { ...s, bills: billRows, items, evidence, events, lines, accepted, faults, interest, declared };
}

export type StatementView = NonNullable<Awaited<ReturnType<typeof statementView>>>;

/** The refusal of an act on a statement that is no longer sent: worded by what it became. */
async function notSent(scope: LinkScope): Promise<BillOutcome | null> {
  const [s] = await scope.db.select({ state: statements.state }).from(statements).where(tenantWhere(statements, scope, eq(statements.id, scope.link.statementId)));
  if (!s) return refuse(404, "statements:statementNotFound");
  if (s.state === STATEMENT_STATE.confirmed) return refuse(409, "statements:statementConfirmed");
  if (s.state !== STATEMENT_STATE.sent) return refuse(409, "statements:statementDisputed");
  return null;
}

/** The customer confirms through the link: the statement is confirmed under the name typed, its bills lock. */
export async function confirmByCustomer(scope: LinkScope, name: string): Promise<BillOutcome> {
  return (await notSent(scope)) ?? outcomeOf(await runTransition(scope, statementLinkMachine, "confirm", [scope.link.statementId], { signer: name }));
}

/** The customer disputes named items of the statement with a comment: each goes back to the clerk. */
export async function disputeByCustomer(scope: LinkScope, name: string, itemIds: readonly number[], comment: string): Promise<BillOutcome> {
  return (await notSent(scope)) ?? outcomeOf(await runTransition(scope, statementLinkMachine, "dispute", [scope.link.statementId], { signer: name, items: itemIds.join(","), comment }));
}

/** Records the customer's first look at a sent statement (once). */
export async function markViewed(db: Db, link: { tenantId: number; statementId: number }): Promise<void> {
  const [seen] = await db.select({ id: statementEvents.id }).from(statementEvents).where(tenantWhere(statementEvents, link.tenantId, eq(statementEvents.statementId, link.statementId), eq(statementEvents.kind, "viewed"))).limit(1);
  if (!seen) await db.insert(statementEvents).values(withTenant(link.tenantId, { statementId: link.statementId, kind: "viewed", at: Date.now() }));
}

/**
 * The clerk answers a disputed item: with an adjustment of its bill (a credit or a charge with the answer as its
 * reason) or with a note alone. The statement stays disputed until it is sent again.
 */
export async function answerDispute(scope: RequestScope, id: number, billItemId: number, note: string, adjustmentCents: number | null): Promise<BillOutcome> {
  const text = note.trim();
  if (!text) return refuse(400, "statements:answerRequired");
  if (text.length > 200) return refuse(400, "bills:reasonTooLong");
  const s = await visibleStatement(scope, id);
  if (!s) return refuse(404, "statements:statementNotFound");
  const [disputed] = await scope.db.select({ id: statementEvents.id }).from(statementEvents).where(tenantWhere(statementEvents, scope, eq(statementEvents.statementId, id), eq(statementEvents.kind, "disputed"), eq(statementEvents.billItemId, billItemId))).limit(1);
  if (!disputed) return refuse(404, "statements:disputeNotFound");
  const answer = (adjustmentId: SQL | null) => scope.db.insert(statementEvents).values(withTenant(scope, { statementId: id, kind: "answered", at: Date.now(), userId: scope.user.id, billItemId, comment: text, adjustmentId }));
  if (adjustmentCents === null) {
    await runCommand(scope, [answer(null)], { entity: "statement", action: "answer", id, after: { billItemId, comment: text } });
    return { ok: true };
  }
  const [item] = await scope.db.select({ billId: billItems.billId }).from(billItems).where(tenantWhere(billItems, scope, eq(billItems.id, billItemId)));
  if (!item) return refuse(404, "statements:disputeNotFound");
  // the adjustment and the answer naming it in one batch
  const made = await adjustBill(scope, item.billId, adjustmentCents, text, (adjustment) => [answer(adjustment)]);
  return made.ok ? { ok: true } : made;
}
