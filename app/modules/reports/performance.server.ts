import { sql } from "drizzle-orm";
import { billItems, bills, contractLines, contracts, organisations, receipts, users, vehicles } from "../../../db/schema";
import { ofTenant, sameTenant } from "../../../db/tenant";
import type { RequestScope } from "~/modules/access/access.server";
import { daysBetween, type ReportRange } from "./quick-range";
import { billedItems, col, inScope, lineDaysIn, permilleOf, WON_STATES } from "./reports.server";
import { labelIn, type ReportData, type ReportRow } from "./report-types";

const NONE = { zh: "（未指定）", en: "(none)" };

interface Figures {
  signed: number;
  valueCents: number;
  revenueCents: number;
  collectedCents: number;
}
const zero = (): Figures => ({ signed: 0, valueCents: 0, revenueCents: 0, collectedCents: 0 });

/**
 * /performanceReport 业绩报表: results over the range per organisation and per salesperson. Contracts won (approved,
 * executing, completed; the current revision) signed in the range and their value; revenue (bill items of confirmed
 * bills whose period ends in the range, as 合同收入 counts it); collections (money received in the range, by the
 * receipt's contract, or its organisation when it names none); and per organisation the utilisation of its machines
 * (days on rent ÷ machines × days, as 运营数据报表 counts days on rent). The user's data scope throughout.
 */
export async function performanceReport(scope: RequestScope, range: ReportRange, lang: string): Promise<ReportData> {
  const tenantId = scope.user.tenantId;
  const days = daysBetween(range.from, range.to);
  const [signed, revenue, collected, fleet, orgNames, userNames] = await Promise.all([
    scope.db.all<{ org: number | null; salesman: number | null; n: number; cents: number }>(sql`
      select contracts.org_id as org, contracts.salesman_id as salesman, count(*) as n, sum(contracts.value_cents) as cents
      from contracts
      where ${ofTenant(contracts, tenantId)} and contracts.current = 1 and contracts.state in (${WON_STATES}) and contracts.kind <> 'subcontract'
        and coalesce(contracts.signed_on, contracts.start_on) >= ${range.from} and coalesce(contracts.signed_on, contracts.start_on) <= ${range.to} and ${inScope(scope, contracts.orgId)}
      group by 1, 2`),
    scope.db.all<{ org: number | null; salesman: number | null; cents: number }>(sql`
      select bills.org_id as org, (select c.salesman_id from contracts c where c.id = bills.contract_id) as salesman, sum(bill_items.amount_cents) as cents
      from bills join bill_items on bill_items.bill_id = bills.id and ${sameTenant(billItems, bills)}
      where ${billedItems(scope, range)}
      group by 1, 2`),
    scope.db.all<{ org: number | null; salesman: number | null; cents: number }>(sql`
      select coalesce((select c.org_id from contracts c where c.id = receipts.contract_id), receipts.org_id) as org,
        (select c.salesman_id from contracts c where c.id = receipts.contract_id) as salesman, sum(receipts.amount_cents) as cents
      from receipts
      where ${ofTenant(receipts, tenantId)} and receipts.direction = 'in' and receipts.received_on >= ${range.from} and receipts.received_on <= ${range.to} and ${inScope(scope, receipts.orgId)}
      group by 1, 2`),
    scope.db.all<{ org: number | null; machines: number; rentDays: number }>(sql`
      select vehicles.org_id as org, count(*) as machines, coalesce(sum(rent.days), 0) as rentDays
      from vehicles
      left join (
        select contract_lines.vehicle_id as vid,
          min(${days}, sum(${lineDaysIn(range)})) as days
        from contract_lines join contracts on contracts.id = contract_lines.contract_id and ${sameTenant(contracts, contractLines)}
        where ${ofTenant(contractLines, tenantId)} and contract_lines.vehicle_id is not null and contract_lines.on_rent_on <= ${range.to}
          and (contract_lines.off_rent_on is null or contract_lines.off_rent_on >= ${range.from}) and contracts.current = 1 and contracts.state in (${WON_STATES})
        group by 1
      ) rent on rent.vid = vehicles.id
      where ${ofTenant(vehicles, tenantId)} and ${inScope(scope, vehicles.orgId)}
      group by 1`),
    scope.db.select({ id: organisations.id, name: organisations.name }).from(organisations).where(ofTenant(organisations, tenantId)),
    scope.db.select({ id: users.id, name: users.userName }).from(users).where(ofTenant(users, tenantId)),
  ]);
  const orgName = new Map(orgNames.map((o) => [o.id, o.name]));
  const userName = new Map(userNames.map((u) => [u.id, u.name]));
  const none = labelIn(NONE, lang);
  const byOrg = new Map<number | null, Figures & { machines: number; rentDays: number }>();
  const bySales = new Map<number | null, Figures>();
  const org = (id: number | null) => byOrg.get(id) ?? byOrg.set(id, { ...zero(), machines: 0, rentDays: 0 }).get(id)!;
  const sales = (id: number | null) => bySales.get(id) ?? bySales.set(id, zero()).get(id)!;
  for (const r of signed)
    for (const f of [org(r.org), sales(r.salesman)]) {
      f.signed += Number(r.n);
      f.valueCents += Number(r.cents ?? 0);
    }
  for (const r of revenue) for (const f of [org(r.org), sales(r.salesman)]) f.revenueCents += Number(r.cents ?? 0);
  for (const r of collected) for (const f of [org(r.org), sales(r.salesman)]) f.collectedCents += Number(r.cents ?? 0);
  for (const r of fleet) {
    const f = org(r.org);
    f.machines += Number(r.machines);
    f.rentDays += Math.round(Number(r.rentDays));
  }
  const money = (f: Figures) => ({ signed: f.signed, value: f.valueCents, revenue: f.revenueCents, collected: f.collectedCents });
  const orgRows: ReportRow[] = [...byOrg.entries()]
    .map(([id, f]) => ({ name: id === null ? none : (orgName.get(id) ?? none), ...money(f), machines: f.machines, utilisation: f.machines ? permilleOf(f.rentDays, f.machines * days) : null }))
    .sort((a, b) => Number(b.revenue) - Number(a.revenue) || Number(b.value) - Number(a.value) || String(a.name).localeCompare(String(b.name)));
  const salesRows: ReportRow[] = [...bySales.entries()]
    .map(([id, f]) => ({ name: id === null ? none : (userName.get(id) ?? none), ...money(f) }))
    .sort((a, b) => Number(b.revenue) - Number(a.revenue) || Number(b.value) - Number(a.value) || String(a.name).localeCompare(String(b.name)));
  const sumOf = (rows: ReportRow[], k: string) => rows.reduce((s, r) => s + Number(r[k] ?? 0), 0);
  const total = labelIn({ zh: "合计", en: "Total" }, lang);
  const machines = [...byOrg.values()].reduce((s, f) => s + f.machines, 0);
  const rentDays = [...byOrg.values()].reduce((s, f) => s + f.rentDays, 0);
  const moneyColumns = [col("signed", "签约数", "Contracts won", "count"), col("value", "合同金额", "Contract value", "money"), col("revenue", "收入", "Revenue", "money"), col("collected", "回款", "Collected", "money")];
  return {
    range,
    tables: [
      {
        title: { zh: "组织业绩", en: "Results per organisation" },
        columns: [col("name", "组织", "Organisation"), ...moneyColumns, col("machines", "设备数", "Machines", "count"), col("utilisation", "利用率", "Utilisation", "percent")],
        rows: orgRows,
        total: { name: total, signed: sumOf(orgRows, "signed"), value: sumOf(orgRows, "value"), revenue: sumOf(orgRows, "revenue"), collected: sumOf(orgRows, "collected"), machines, utilisation: machines ? permilleOf(rentDays, machines * days) : null },
      },
      {
        title: { zh: "业务员业绩", en: "Results per salesperson" },
        columns: [col("name", "业务员", "Salesperson"), ...moneyColumns],
        rows: salesRows,
        total: { name: total, signed: sumOf(salesRows, "signed"), value: sumOf(salesRows, "value"), revenue: sumOf(salesRows, "revenue"), collected: sumOf(salesRows, "collected") },
      },
    ],
    chart: {
      title: { zh: "业务员收入与回款", en: "Revenue and collections per salesperson" },
      categories: salesRows.slice(0, 12).map((r) => String(r.name)),
      series: [
        { label: { zh: "收入", en: "Revenue" }, values: salesRows.slice(0, 12).map((r) => Number(r.revenue)), kind: "money" },
        { label: { zh: "回款", en: "Collected" }, values: salesRows.slice(0, 12).map((r) => Number(r.collected)), kind: "money" },
      ],
    },
  };
}
