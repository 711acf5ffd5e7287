import Big from "big.js";
import { and, between, eq, inArray, sql } from "drizzle-orm";
import { moneyCell, xlsxBlob } from "~/lib/xlsx.server";
import { billItems, bills, contractLines, customers, vehicles } from "../../../db/schema";
import { visibleOrgRowWhere } from "../../../db/rules/data-scope";
import { ofTenant, sameTenant } from "../../../db/tenant";
import { addDays, parseDay } from "~/lib/calendar";
import { searchText } from "~/lib/list/search";
import { todayInZone } from "~/lib/tenant-clock";
import type { RequestScope } from "~/modules/access/access.server";
import { containing } from "~/modules/resource/resource.server";
import type { Option } from "~/modules/resource/route.server";
import { SETTLED_BILL_STATES } from "./invoice.server";

/*
 * 设备回款: per machine, what its bill items earned over a period (confirmed bills whose period ends in the range, the
 * items by their line's vehicle) and what was collected of it: each bill's paid amount shared over its machines in
 * proportion to their items (machine's items × paid ÷ bill amount, half up per bill). Read-only.
 */

export interface CollectionQuery {
  from: string;
  to: string;
  customerId: number | null;
  plate: string;
}

export interface MachineCollection {
  vehicleId: number;
  plate: string;
  bills: number;
  earnedCents: number;
  collectedCents: number;
  outstandingCents: number;
}

/** The query from the URL: the range defaults to the last 365 days through today in the tenant's zone. */
export function collectionQuery(url: URL, timeZone: string): CollectionQuery {
  const today = todayInZone(timeZone);
  const from = url.searchParams.get("from") ?? "";
  const to = url.searchParams.get("to") ?? "";
  const customer = url.searchParams.get("customerId") ?? "";
  return {
    from: parseDay(from) ? from : addDays(today, -365),
    to: parseDay(to) ? to : today,
    customerId: /^\d{1,9}$/.test(customer) ? Number(customer) : null,
    plate: searchText(url.searchParams.get("plate") ?? ""),
  };
}

export async function machineCollections(scope: RequestScope, q: CollectionQuery): Promise<MachineCollection[]> {
  const rows = await scope.db
    .select({ vehicleId: contractLines.vehicleId, plate: vehicles.plate, billId: bills.id, billAmount: bills.amountCents, billPaid: bills.paidCents, earned: sql<number>`sum(${billItems.amountCents})` })
    .from(billItems)
    .innerJoin(bills, and(eq(bills.id, billItems.billId), sameTenant(bills, billItems)))
    .innerJoin(contractLines, and(eq(contractLines.id, billItems.lineId), sameTenant(contractLines, billItems)))
    .innerJoin(vehicles, and(eq(vehicles.id, contractLines.vehicleId), sameTenant(vehicles, billItems)))
    .where(
      and(
        ofTenant(billItems, scope),
        inArray(bills.state, [...SETTLED_BILL_STATES]),
        between(bills.periodTo, q.from, q.to),
        q.customerId !== null ? eq(bills.customerId, q.customerId) : undefined,
        q.plate ? containing(vehicles.plate, q.plate) : undefined,
        visibleOrgRowWhere(scope, bills.orgId),
      ),
    )
    .groupBy(contractLines.vehicleId, bills.id);
  const byVehicle = new Map<number, MachineCollection>();
  for (const r of rows) {
    const m = byVehicle.get(r.vehicleId!) ?? { vehicleId: r.vehicleId!, plate: r.plate, bills: 0, earnedCents: 0, collectedCents: 0, outstandingCents: 0 };
    const collected = r.billAmount > 0 ? Number(new Big(r.earned).times(r.billPaid).div(r.billAmount).round(0, Big.roundHalfUp).toFixed(0)) : 0;
    m.bills += 1;
    m.earnedCents += r.earned;
    m.collectedCents += collected;
    m.outstandingCents = m.earnedCents - m.collectedCents;
    byVehicle.set(m.vehicleId, m);
  }
  return [...byVehicle.values()].sort((a, b) => b.outstandingCents - a.outstandingCents || a.plate.localeCompare(b.plate));
}

/** The customers a user may filter by. */
export async function collectionCustomers(scope: RequestScope): Promise<Option[]> {
  const rows = await scope.db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(and(ofTenant(customers, scope), visibleOrgRowWhere(scope, customers.orgId)))
    .orderBy(customers.name)
    .limit(1000);
  return rows.map((c) => ({ value: String(c.id), label: c.name }));
}

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The table as an .xlsx file, in the user's language, a total row last. */
export async function collectionSheet(rows: MachineCollection[], q: CollectionQuery, lang: string): Promise<Response> {
  const zh = lang.startsWith("zh");
  const head = zh ? ["车牌号", "账单数", "应收(元)", "已回款(元)", "未回款(元)"] : ["Plate", "Bills", "Billed (CNY)", "Collected (CNY)", "Outstanding (CNY)"];
  const sum = (k: "earnedCents" | "collectedCents" | "outstandingCents") => rows.reduce((s, r) => s + r[k], 0);
  const data = [
    head.map((value) => ({ value, fontWeight: "bold" as const })),
    ...rows.map((r) => [{ value: r.plate }, { value: r.bills }, moneyCell(r.earnedCents), moneyCell(r.collectedCents), moneyCell(r.outstandingCents)]),
    [{ value: zh ? "合计" : "Total", fontWeight: "bold" as const }, { value: rows.reduce((s, r) => s + r.bills, 0) }, moneyCell(sum("earnedCents"), true), moneyCell(sum("collectedCents"), true), moneyCell(sum("outstandingCents"), true)],
  ];
  const title = zh ? "设备回款" : "Equipment Payment Collection";
  const blob = await xlsxBlob([{ data, sheet: title.slice(0, 31), columns: head.map(() => ({ width: 18 })) }]);
  const name = `${title}-${q.from}-${q.to}.xlsx`;
  return new Response(blob, {
    headers: {
      "Content-Type": XLSX,
      "Content-Disposition": `attachment; filename="${name.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      "Cache-Control": "no-store",
    },
  });
}
