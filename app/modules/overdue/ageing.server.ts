/**
 * 逾期合同's ageing: the contracts (revision in force, tenant, data scope by the contract's organisation) with confirmed
 * or locked bills past due and not fully paid, the unpaid amount per bucket of days past due, the interest accrued, the
 * person responsible (the latest approved 负责人变更, else the salesman), the last urge and the next urge day.
 */
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { moneyCell, xlsxBlob } from "~/lib/xlsx.server";
import { batch, idList } from "../../../db/client";
import { billInterest, bills, collectionActions, contracts, customers, users } from "../../../db/schema";
import { visibleOrgRowWhere } from "../../../db/rules/data-scope";
import { ofTenant, sameTenant } from "../../../db/tenant";
import { daysFrom } from "~/lib/calendar";
import { searchText } from "~/lib/list/search";
import { todayInZone } from "~/lib/tenant-clock";
import type { RequestScope } from "~/modules/access/access.server";
import type { Option } from "~/modules/resource/route.server";
import { ACT_STATE, BUCKETS, bucketOf, type AgeingRow, type Bucket } from "./overdue";
import { SETTLED_BILL_STATES } from "~/modules/billing/bills.resource";
import { ENABLED } from "~/modules/workflow/enablement";

/** bills confirmed (1) or locked by a statement (2) are owed; a draft is not */
export const OWED_BILL_STATES = SETTLED_BILL_STATES;
/** A bill still owed: the condition of the partial index bills_owed_due_idx, written out the same (no bound states) so
 * that SQLite takes the index with a due day. */
export const owedBill = sql`${bills.state} in (${sql.raw(OWED_BILL_STATES.join(", "))}) and ${bills.amountCents} > ${bills.paidCents}`;

export interface AgeingQuery {
  q: string;
  bucket: Bucket | "";
  customerId: number | null;
  personId: number | null;
}

export function ageingQuery(url: URL): AgeingQuery {
  const bucket = url.searchParams.get("bucket") ?? "";
  const id = (k: string) => (/^\d{1,9}$/.test(url.searchParams.get(k) ?? "") ? Number(url.searchParams.get(k)) : null);
  return { q: searchText(url.searchParams.get("q") ?? ""), bucket: (BUCKETS as readonly string[]).includes(bucket) ? (bucket as Bucket) : "", customerId: id("customerId"), personId: id("personId") };
}

const rootOf = sql<number>`coalesce(${contracts.rootId}, ${contracts.id})`;

/**
 * Every overdue contract the user may see, biggest total first; `only` narrows to some contracts (one contract's page).
 * Two round trips: the overdue bills with their contract, then the interest, the acts and the names of those contracts.
 */
export async function overdueContracts(scope: RequestScope, query: AgeingQuery = { q: "", bucket: "", customerId: null, personId: null }, only?: number[]): Promise<AgeingRow[]> {
  const today = todayInZone(scope.user.timeZone);
  const owed = await scope.db
    .select({
      contractId: contracts.id,
      rootId: rootOf,
      number: contracts.number,
      name: contracts.name,
      customerId: contracts.customerId,
      orgId: contracts.orgId,
      lateRateBp: contracts.lateRateBp,
      salesmanId: contracts.salesmanId,
      dueOn: bills.dueOn,
      unpaid: sql<number>`${bills.amountCents} - ${bills.paidCents}`,
    })
    .from(bills)
    .innerJoin(contracts, and(sameTenant(contracts, bills), sql`${rootOf} = ${bills.rootId}`, eq(contracts.current, 1)))
    .where(
      and(
        ofTenant(bills, scope),
        owedBill,
        lt(bills.dueOn, today),
        only ? inArray(contracts.id, idList(only)) : undefined,
        visibleOrgRowWhere(scope, contracts.orgId),
      ),
    );
  const byContract = new Map<number, AgeingRow & { rootId: number; salesmanId: number | null }>();
  for (const b of owed) {
    const days = daysFrom(b.dueOn, today);
    const row = byContract.get(b.contractId) ?? {
      contractId: b.contractId,
      rootId: b.rootId,
      number: b.number,
      name: b.name,
      customerId: b.customerId,
      customerName: null,
      orgId: b.orgId,
      lateRateBp: b.lateRateBp,
      salesmanId: b.salesmanId,
      buckets: { d30: 0, d60: 0, d90: 0, over90: 0 },
      totalCents: 0,
      interestCents: 0,
      maxDays: 0,
      responsibleId: b.salesmanId,
      responsibleName: null,
      lastUrgeOn: null,
      nextUrgeOn: null,
    };
    row.buckets[bucketOf(days)] += b.unpaid;
    row.totalCents += b.unpaid;
    row.maxDays = Math.max(row.maxDays, days);
    byContract.set(b.contractId, row);
  }
  const rows = [...byContract.values()];
  if (!rows.length) return [];
  const roots = rows.map((r) => r.rootId);
  const ids = rows.map((r) => r.contractId);
  const actContract = sql<number>`(select coalesce(c.root_id, c.id) from contracts c where c.id = ${collectionActions.contractId})`;
  const [interest, acts, names] = await batch(scope.db, [
    scope.db
      .select({ rootId: bills.rootId, cents: sql<number>`coalesce(sum(${billInterest.cents}), 0)`.as("interest_cents") })
      .from(billInterest)
      .innerJoin(bills, eq(bills.id, billInterest.billId))
      .where(and(ofTenant(billInterest, scope), inArray(bills.rootId, idList(roots))))
      .groupBy(bills.rootId),
    scope.db
      .select({ rootId: actContract.as("act_root"), kind: collectionActions.kind, actedOn: collectionActions.actedOn, nextOn: collectionActions.nextOn, personId: collectionActions.personId, doneAt: collectionActions.doneAt, id: collectionActions.id })
      .from(collectionActions)
      .where(and(ofTenant(collectionActions, scope), eq(collectionActions.state, ACT_STATE.approved), inArray(collectionActions.kind, ["urge", "personChange"]), sql`${actContract} in ${idList(roots)}`))
      .orderBy(desc(collectionActions.actedOn), desc(collectionActions.id)),
    scope.db
      .select({ contractId: contracts.id, customerName: customers.name })
      .from(contracts)
      .leftJoin(customers, eq(customers.id, contracts.customerId))
      .where(and(ofTenant(contracts, scope), inArray(contracts.id, idList(ids)))),
  ]);
  const interestBy = new Map(interest.map((r) => [r.rootId, r.cents]));
  const customerBy = new Map(names.map((r) => [r.contractId, r.customerName]));
  for (const r of rows) {
    r.interestCents = interestBy.get(r.rootId) ?? 0;
    r.customerName = customerBy.get(r.contractId) ?? null;
    // newest first: the first of each kind is the latest
    const mine = acts.filter((a) => a.rootId === r.rootId);
    const change = mine.find((a) => a.kind === "personChange" && a.personId !== null);
    if (change) r.responsibleId = change.personId;
    const urge = mine.find((a) => a.kind === "urge");
    r.lastUrgeOn = urge?.actedOn ?? null;
    r.nextUrgeOn = urge?.nextOn ?? null;
  }
  const people = [...new Set(rows.map((r) => r.responsibleId).filter((x): x is number => x !== null))];
  if (people.length) {
    const named = await scope.db.select({ id: users.id, name: users.userName }).from(users).where(and(ofTenant(users, scope), inArray(users.id, idList(people))));
    const nameBy = new Map(named.map((u) => [u.id, u.name]));
    for (const r of rows) r.responsibleName = r.responsibleId === null ? null : (nameBy.get(r.responsibleId) ?? null);
  }
  const q = query.q.toLowerCase();
  return rows
    .filter((r) => !q || [r.number, r.name, r.customerName ?? ""].some((s) => s.toLowerCase().includes(q)))
    .filter((r) => !query.bucket || r.buckets[query.bucket] > 0)
    .filter((r) => query.customerId === null || r.customerId === query.customerId)
    .filter((r) => query.personId === null || r.responsibleId === query.personId)
    .map(({ rootId: _root, salesmanId: _salesman, ...r }) => r)
    .sort((a, b) => b.totalCents - a.totalCents || a.number.localeCompare(b.number));
}

/** Totals per bucket, of everything, of interest: the cards over the list. */
export function ageingTotals(rows: AgeingRow[]) {
  const buckets = { d30: 0, d60: 0, d90: 0, over90: 0 } as Record<Bucket, number>;
  for (const r of rows) for (const b of BUCKETS) buckets[b] += r.buckets[b];
  return { buckets, totalCents: rows.reduce((s, r) => s + r.totalCents, 0), interestCents: rows.reduce((s, r) => s + r.interestCents, 0), contracts: rows.length };
}

/** The filters' choices: customers and enabled users of the tenant (the responsible person). */
export async function ageingOptions(scope: RequestScope): Promise<{ customers: Option[]; people: Option[] }> {
  const [cs, us] = await batch(scope.db, [
    scope.db
      .select({ id: customers.id, name: customers.name })
      .from(customers)
      .where(and(ofTenant(customers, scope), visibleOrgRowWhere(scope, customers.orgId)))
      .orderBy(customers.name)
      .limit(1000),
    enabledPeople(scope),
  ]);
  return { customers: cs.map((c) => ({ value: String(c.id), label: c.name })), people: us.map((u) => ({ value: String(u.id), label: u.name })) };
}

/** The tenant's enabled users by name, at most 1000, the signed-in user always first: a form defaulting to "me" keeps its
 * default in a tenant with more people than the list holds. */
export const enabledPeople = (scope: RequestScope) =>
  scope.db
    .select({ id: users.id, name: users.userName })
    .from(users)
    .where(and(ofTenant(users, scope), eq(users.state, ENABLED)))
    .orderBy(sql`${users.id} = ${scope.user.id} desc`, users.userName)
    .limit(1000);

/** The urges whose next day has come (today or before) for contracts the user is responsible for: their to-do here. */
export const dueUrges = (rows: AgeingRow[], userId: number, today: string) => rows.filter((r) => r.responsibleId === userId && r.nextUrgeOn !== null && r.nextUrgeOn <= today);

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The list as an .xlsx file in the user's language, a total row last. */
export async function ageingSheet(rows: AgeingRow[], lang: string, today: string): Promise<Response> {
  const zh = lang.startsWith("zh");
  const head = zh
    ? ["合同编号", "合同名称", "客户", "0-30天(元)", "31-60天(元)", "61-90天(元)", "90天以上(元)", "逾期合计(元)", "已计利息(元)", "负责人", "最近催款", "下次催款"]
    : ["Contract", "Name", "Customer", "0-30 days (CNY)", "31-60 days (CNY)", "61-90 days (CNY)", "Over 90 days (CNY)", "Total overdue (CNY)", "Interest (CNY)", "Responsible", "Last urge", "Next urge"];
  const totals = ageingTotals(rows);
  const data = [
    head.map((value) => ({ value, fontWeight: "bold" as const })),
    ...rows.map((r) => [
      { value: r.number },
      { value: r.name },
      { value: r.customerName ?? "" },
      ...BUCKETS.map((b) => moneyCell(r.buckets[b])),
      moneyCell(r.totalCents),
      moneyCell(r.interestCents),
      { value: r.responsibleName ?? "" },
      { value: r.lastUrgeOn ?? "" },
      { value: r.nextUrgeOn ?? "" },
    ]),
    [
      { value: zh ? "合计" : "Total", fontWeight: "bold" as const },
      { value: "" },
      { value: "" },
      ...BUCKETS.map((b) => moneyCell(totals.buckets[b], true)),
      moneyCell(totals.totalCents, true),
      moneyCell(totals.interestCents, true),
      { value: "" },
      { value: "" },
      { value: "" },
    ],
  ];
  const title = zh ? "逾期合同" : "Overdue Contracts";
  const blob = await xlsxBlob([{ data, sheet: title, columns: head.map(() => ({ width: 16 })) }]);
  const name = `${title}-${today}.xlsx`;
  return new Response(blob, {
    headers: {
      "Content-Type": XLSX,
      "Content-Disposition": `attachment; filename="${name.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      "Cache-Control": "no-store",
    },
  });
}
