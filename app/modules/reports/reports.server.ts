import Big from "big.js";
import { sql, type SQL } from "drizzle-orm";
import { billItems, bills, contractCosts, contractLines, contracts, customers, dictionaryItems, organisations, outcarRecords, vehicleDaily, vehicles } from "../../../db/schema";
import { ofTenant, sameTenant } from "../../../db/tenant";
import { visibleOrgRowWhere } from "../../../db/rules/data-scope";
import { todayInZone } from "~/lib/tenant-clock";
import type { RequestScope } from "~/modules/access/access.server";
import { daysBetween, monthsOf, rangeFromUrl, type QuickRange, type ReportRange } from "./quick-range";
import { DIMENSION_LABEL, type RevenueDimension } from "./dimensions";
import { labelIn, type ReportColumn, type ReportData, type ReportRow, type ReportTable } from "./report-types";
import { BILL_STATE } from "~/modules/billing/bills.resource";
import { CONTRACT_STATE } from "~/modules/contracts/contracts.resource";

/*
 * The four reports (issue 26 §3, §5), each a few aggregate statements over indexed columns run side by side, never a
 * query per row. Money is summed in integer cents by SQLite and only divided (percents) with big.js, half up.
 *
 * Revenue is what confirmed and locked bills (state > 0) charged, adjustments included, counted in the month their
 * period ends (`bills_tenant_period_idx`: tenant, period_to); a deposit's return on a final bill is no revenue and is
 * left out. The data scope is the contract's organisation: the bill's `org_id` (copied from the contract by the run),
 * the contract's `org_id` for costs and trips.
 */

const UNASSIGNED = { zh: "未分配", en: "Unassigned" };
export const NO_MODEL = { zh: "未设置型号", en: "No model" };

/**
 * A share in tenths of a percent, half up (away from zero); null without a base. Whole numbers (cents, seconds, days)
 * take the quick way: the float quotient of two integers is at least 1 ÷ (2 × whole) away from a half unless exactly
 * on it, far more than its rounding error, so rounding it is exact (big.js costs about 9 µs a call: 90 ms over a
 * 10,000-machine report); other numbers go through big.js.
 */
export function permilleOf(part: number, whole: number): number | null {
  if (!whole) return null;
  if (Number.isSafeInteger(part) && Number.isSafeInteger(whole) && Math.abs(part) < 2 ** 40 && Math.abs(whole) < 2 ** 40) {
    const q = (Math.abs(part) * 1000) / Math.abs(whole);
    const r = Math.floor(q + 0.5);
    return (part < 0) !== (whole < 0) && r !== 0 ? -r : r;
  }
  return Number(new Big(part).times(1000).div(whole).round(0, Big.roundHalfUp).toFixed(0));
}

/** The range of a report's URL, in the tenant's days. */
export function reportRange(url: URL, scope: RequestScope, fallback: QuickRange = "theMonth"): ReportRange {
  return rangeFromUrl(url.searchParams, todayInZone(scope.user.timeZone), fallback);
}

/** The user's data scope on an organisation column (every row without one). */
export const inScope = (scope: RequestScope, column: Parameters<typeof visibleOrgRowWhere>[1]): SQL => visibleOrgRowWhere(scope, column) ?? sql`1 = 1`;
/** Bills that are revenue: confirmed or locked, their period ending in the range, in the user's scope. */
const billedBills = (scope: RequestScope, r: ReportRange) =>
  sql`${ofTenant(bills, scope)} and bills.period_to >= ${r.from} and bills.period_to <= ${r.to} and bills.state > ${sql.raw(String(BILL_STATE.draft))} and ${inScope(scope, bills.orgId)}`;
/** Items that are revenue: of such a bill; the deposit returned is not. */
export const billedItems = (scope: RequestScope, r: ReportRange) => sql`${billedBills(scope, r)} and bill_items.rule <> 'deposit'`;
/** A line's equipment type: its machine's model, else the equipment_type dictionary's name for the line's value, else the value. */
const lineType = (tenantId: number) =>
  sql`coalesce((select vehicle_models.name from vehicles join vehicle_models on vehicle_models.id = vehicles.model_id where vehicles.id = contract_lines.vehicle_id), (select dictionary_items.dict_name from dictionary_items where ${ofTenant(dictionaryItems, tenantId)} and dictionary_items.dict_code = 'equipment_type' and dictionary_items.dict_value = contract_lines.equipment_type limit 1), contract_lines.equipment_type)`;
/** An item's bill's contract as the contract (its first revision) is known: number and name. */
const contractLabel = (rootSql: SQL) => sql`(select root_c.number || ' ' || root_c.name from contracts root_c where root_c.id = ${rootSql})`;
/** SQLite's real division of a quantity text that may be a fraction ("13/8"). */
const quantityHours = sql`(case when instr(bill_items.quantity, '/') > 0 then cast(substr(bill_items.quantity, 1, instr(bill_items.quantity, '/') - 1) as real) / cast(substr(bill_items.quantity, instr(bill_items.quantity, '/') + 1) as real) else cast(bill_items.quantity as real) end)`;

/** Contracts that count as won, for `contracts.state in (…)`: approved, executing, completed. */
export const WON_STATES = sql.raw([CONTRACT_STATE.approved, CONTRACT_STATE.executing, CONTRACT_STATE.completed].join(", "));
/** The days of a contract line inside the range, both ends counted (join contract_lines). */
export const lineDaysIn = (r: ReportRange) => sql`julianday(min(coalesce(contract_lines.off_rent_on, ${r.to}), ${r.to})) - julianday(max(contract_lines.on_rent_on, ${r.from})) + 1`;
/**
 * The machines on rent on a day (vid, project, customer): a line of a won contract's current revision covers the day
 * (on-rent day on or before it, no off-rent day or one on or after it), with its project (else site) and customer.
 * A subquery to left join; 工程设备's 在租 and 在线离线报表's silent machines on rent.
 */
export const onRentOn = (tenantId: number, day: string) =>
  sql`select contract_lines.vehicle_id as vid, max(coalesce(contracts.project, contracts.site_address)) as project, max(customers.name) as customer
      from contract_lines join contracts on contracts.id = contract_lines.contract_id and ${sameTenant(contracts, contractLines)}
      left join customers on customers.id = contracts.customer_id
      where ${ofTenant(contractLines, tenantId)} and contracts.current = 1 and contracts.state in (${WON_STATES}) and contract_lines.vehicle_id is not null
        and contract_lines.on_rent_on <= ${day} and (contract_lines.off_rent_on is null or contract_lines.off_rent_on >= ${day})
      group by 1`;
/** Each machine's engine seconds over the range (vid, seconds), from the daily roll-ups: a subquery to left join. */
export const engineSecondsIn = (tenantId: number, r: ReportRange) =>
  sql`select vehicle_daily.vehicle_id as vid, sum(vehicle_daily.engine_seconds) as seconds
      from vehicle_daily where ${ofTenant(vehicleDaily, tenantId)} and vehicle_daily.day >= ${r.from} and vehicle_daily.day <= ${r.to}
      group by 1`;

/** A column: its key, its label in both languages, its kind of cell. */
export const col = (key: string, zh: string, en: string, kind: ReportColumn["kind"] = "text"): ReportColumn => ({ key, label: { zh, en }, kind });
/** A column of long text that wraps on the page (a list of items, a customer and project). */
export const wrapCol = (key: string, zh: string, en: string): ReportColumn => ({ ...col(key, zh, en), wrap: true });
const sum = (rows: ReportRow[], key: string) => rows.reduce((s, r) => s + Number(r[key] ?? 0), 0);

// ——— 合同收入 ———


/** A group's name from its key, for the keys shown (a few on the page, every one in the file): one statement. */
function groupNames(scope: RequestScope, by: RevenueDimension, keys: string[]): Promise<{ k: string; name: string | null }[]> {
  if (by === "type" || keys.length === 0) return Promise.resolve(keys.map((k) => ({ k, name: k })));
  const list = JSON.stringify(keys);
  const tenantId = scope.user.tenantId;
  const lookup =
    by === "contract"
      ? sql`(select contracts.number || ' ' || contracts.name from contracts where contracts.id = cast(keys.value as integer) and ${ofTenant(contracts, tenantId)})`
      : by === "customer"
        ? sql`(select customers.name from customers where customers.id = cast(keys.value as integer) and ${ofTenant(customers, tenantId)})`
        : sql`(select organisations.name from organisations where organisations.id = cast(keys.value as integer) and ${ofTenant(organisations, tenantId)})`;
  return scope.db.all<{ k: string; name: string | null }>(sql`select keys.value as k, ${lookup} as name from json_each(${list}) keys`);
}

/** The page's group table keeps this many groups (largest revenue first); the rest is one row. The file has all. */
export const PAGE_GROUPS = 50;

/**
 * /contractRevenue: revenue (bills by period end) and cost (the cost register by day) per group over the range, and
 * per month. Each side is two aggregate statements: one per day, streamed in the order of its covering index
 * (`bills_tenant_period_idx`, `contract_costs_tenant_day_idx`: no row is looked up, nothing sorted) and folded into
 * months here, and one per group. For contract, customer and organisation a bill's own amount is summed (a final
 * bill's deposit return taken out); equipment type sums the items per line first, then names each line's type once.
 * Costs are summed per contract (and line) before their contract is read. The page keeps the PAGE_GROUPS largest
 * groups and folds the rest into one 其他 N 项 row; the file (`all`) names every group.
 */
export async function contractRevenue(scope: RequestScope, range: ReportRange, by: RevenueDimension, lang: string, all = false): Promise<ReportData> {
  const tenantId = scope.user.tenantId;
  const billKey: Record<Exclude<RevenueDimension, "type">, SQL> = { contract: sql`bills.root_id`, customer: sql`bills.customer_id`, org: sql`bills.org_id` };
  const costKey: Record<Exclude<RevenueDimension, "type">, SQL> = { contract: sql`coalesce(contracts.root_id, contracts.id)`, customer: sql`contracts.customer_id`, org: sql`contracts.org_id` };
  const billsInRange = billedBills(scope, range);
  const billAmount = sql`bills.amount_cents - (case when bills.final = 1 then coalesce((select sum(bill_items.amount_cents) from bill_items where bill_items.bill_id = bills.id and bill_items.rule = 'deposit'), 0) else 0 end)`;
  const itemsInRange = sql`from bills join bill_items on bill_items.bill_id = bills.id and ${sameTenant(billItems, bills)} where ${billedItems(scope, range)}`;
  // a cost is in scope when its contract is; without a data scope every cost of the tenant is (its contract is the tenant's)
  const contractScope = visibleOrgRowWhere(scope, contracts.orgId);
  const costsInRange = sql`from contract_costs where ${ofTenant(contractCosts, tenantId)} and contract_costs.occurred_on >= ${range.from} and contract_costs.occurred_on <= ${range.to}${
    contractScope ? sql` and contract_costs.contract_id in (select contracts.id from contracts where ${ofTenant(contracts, tenantId)} and ${contractScope})` : sql``
  }`;
  type Sum = { k: string | number | null; cents: number };
  const perDay = (day: SQL, amount: SQL, from: SQL) => scope.db.all<Sum>(sql`select ${day} as k, sum(${amount}) as cents ${from} group by ${day}`);
  const lines = sql`left join contract_lines on contract_lines.id = x.line_id and ${ofTenant(contractLines, tenantId)}`;
  const revenueGroups =
    by === "type"
      ? sql`select ${lineType(tenantId)} as k, sum(x.cents) as cents from (select bill_items.line_id, sum(bill_items.amount_cents) as cents ${itemsInRange} group by bill_items.line_id) x ${lines} group by 1`
      : sql`select ${billKey[by]} as k, sum(${billAmount}) as cents from bills where ${billsInRange} group by 1`;
  const costGroups =
    by === "type"
      ? sql`select ${lineType(tenantId)} as k, sum(x.cents) as cents from (select contract_costs.line_id, sum(contract_costs.amount_cents) as cents ${costsInRange} group by contract_costs.line_id) x ${lines} group by 1`
      : sql`select ${costKey[by]} as k, sum(x.cents) as cents from (select contract_costs.contract_id, sum(contract_costs.amount_cents) as cents ${costsInRange} group by contract_costs.contract_id) x
          join contracts on contracts.id = x.contract_id and ${ofTenant(contracts, tenantId)} group by 1`;
  const [revenueDays, costDays, revenue, costs] = await Promise.all([
    by === "type" ? perDay(sql`bills.period_to`, sql`bill_items.amount_cents`, itemsInRange) : perDay(sql`bills.period_to`, billAmount, sql`from bills where ${billsInRange}`),
    perDay(sql`contract_costs.occurred_on`, sql`contract_costs.amount_cents`, costsInRange),
    scope.db.all<Sum>(revenueGroups),
    scope.db.all<Sum>(costGroups),
  ]);

  const months = monthsOf(range);
  const monthSums = new Map(months.map((m) => [m, { revenue: 0, cost: 0 }]));
  const groups = new Map<string, { key: string; revenue: number; cost: number }>();
  const addDays = (rows: Sum[], k: "revenue" | "cost") => {
    for (const r of rows) {
      const m = monthSums.get(String(r.k).slice(0, 7));
      if (m) m[k] += Number(r.cents);
    }
  };
  const add = (rows: Sum[], k: "revenue" | "cost") => {
    for (const r of rows) {
      const key = r.k === null ? "" : String(r.k);
      const g = groups.get(key) ?? { key, revenue: 0, cost: 0 };
      g[k] += Number(r.cents);
      groups.set(key, g);
    }
  };
  addDays(revenueDays, "revenue");
  addDays(costDays, "cost");
  add(revenue, "revenue");
  add(costs, "cost");
  const ordered = [...groups.values()].sort((a, b) => b.revenue - a.revenue || b.cost - a.cost || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const shown = all ? ordered : ordered.slice(0, PAGE_GROUPS);
  const names = new Map((await groupNames(scope, by, shown.map((g) => g.key).filter((k) => k !== ""))).map((n) => [String(n.k), n.name]));
  const unassigned = labelIn(UNASSIGNED, lang);
  const figures = (revenue: number, cost: number) => ({ revenue, cost, margin: revenue - cost, marginRate: revenue > 0 ? permilleOf(revenue - cost, revenue) : null });
  const rows: ReportRow[] = shown.map((g) => ({ name: (g.key === "" ? null : names.get(g.key)) ?? unassigned, ...figures(g.revenue, g.cost) }));
  const rest = ordered.slice(shown.length);
  if (rest.length)
    rows.push({ name: labelIn({ zh: `其他 ${rest.length} 项`, en: `${rest.length} others` }, lang), ...figures(rest.reduce((s, g) => s + g.revenue, 0), rest.reduce((s, g) => s + g.cost, 0)) });
  const totalRevenue = ordered.reduce((s, g) => s + g.revenue, 0);
  const totalCost = ordered.reduce((s, g) => s + g.cost, 0);
  const total = labelIn({ zh: "合计", en: "Total" }, lang);
  const monthRows: ReportRow[] = months.map((m) => ({ month: m, ...figures(monthSums.get(m)!.revenue, monthSums.get(m)!.cost) }));
  const money = [col("revenue", "收入(元)", "Revenue (CNY)", "money"), col("cost", "成本(元)", "Cost (CNY)", "money"), col("margin", "毛利(元)", "Margin (CNY)", "money"), col("marginRate", "毛利率", "Margin %", "percent")];
  const label = DIMENSION_LABEL[by];
  return {
    range,
    tables: [
      {
        title: { zh: `合同收入（按${label.zh}）`, en: `Contract revenue by ${label.en.toLowerCase()}` },
        columns: [{ key: "name", label, kind: "text" }, ...money],
        rows,
        total: { name: total, ...figures(totalRevenue, totalCost) },
      },
      { title: { zh: "按月", en: "Per month" }, columns: [col("month", "月份", "Month"), ...money], rows: monthRows, total: { month: total, ...figures(totalRevenue, totalCost) } },
    ],
    chart: {
      title: { zh: "每月收入与成本", en: "Revenue and cost per month" },
      categories: months,
      series: [
        { label: { zh: "收入", en: "Revenue" }, values: monthRows.map((r) => Number(r.revenue)), kind: "money" },
        { label: { zh: "成本", en: "Cost" }, values: monthRows.map((r) => Number(r.cost)), kind: "money" },
      ],
    },
  };
}

// ——— 客户零租报表 ———

/** /customerZeroRentReport: zero-rent (spot) contracts per customer: trips, their hours, machines, revenue billed. */
export async function customerZeroRent(scope: RequestScope, range: ReportRange, lang: string): Promise<ReportData> {
  const tenantId = scope.user.tenantId;
  const [trips, billed] = await Promise.all([
    scope.db.all<{ cid: number | null; name: string | null; trips: number; machines: number; hours: number }>(sql`
      select contracts.customer_id as cid, (select customers.name from customers where customers.id = contracts.customer_id) as name, count(*) as trips,
        count(distinct outcar_records.vehicle_id) as machines,
        sum(case when outcar_records.engine_hours_start is not null and outcar_records.engine_hours_end >= outcar_records.engine_hours_start then outcar_records.engine_hours_end - outcar_records.engine_hours_start
                 when outcar_records.depart_at is not null and outcar_records.return_at > outcar_records.depart_at then (outcar_records.return_at - outcar_records.depart_at) / 3600000.0 else 0 end) as hours
      from outcar_records
      join contracts on contracts.id = outcar_records.contract_id and ${sameTenant(contracts, outcarRecords)}
      where ${ofTenant(outcarRecords, tenantId)} and outcar_records.trip_on >= ${range.from} and outcar_records.trip_on <= ${range.to} and contracts.kind = 'spot' and ${inScope(scope, contracts.orgId)}
      group by 1`),
    scope.db.all<{ cid: number | null; name: string | null; cents: number; bills: number }>(sql`
      select bills.customer_id as cid, (select customers.name from customers where customers.id = bills.customer_id) as name, sum(bill_items.amount_cents) as cents, count(distinct bills.id) as bills
      from bills
      join bill_items on bill_items.bill_id = bills.id and ${sameTenant(billItems, bills)}
      join contracts on contracts.id = bills.contract_id
      where ${billedItems(scope, range)} and contracts.kind = 'spot'
      group by 1`),
  ]);
  const byCustomer = new Map<string, ReportRow>();
  const unassigned = labelIn(UNASSIGNED, lang);
  const rowOf = (cid: number | null, name: string | null) => {
    const id = String(cid ?? "");
    const row = byCustomer.get(id) ?? { customer: name ?? unassigned, trips: 0, hours: 0, machines: 0, bills: 0, revenue: 0 };
    byCustomer.set(id, row);
    return row;
  };
  for (const t of trips) Object.assign(rowOf(t.cid, t.name), { trips: t.trips, machines: t.machines, hours: Math.round(Number(t.hours) * 100) / 100 });
  for (const b of billed) Object.assign(rowOf(b.cid, b.name), { revenue: Number(b.cents), bills: b.bills });
  const rows = [...byCustomer.values()].sort((a, b) => Number(b.revenue) - Number(a.revenue) || Number(b.trips) - Number(a.trips) || String(a.customer).localeCompare(String(b.customer)));
  const top = rows.slice(0, 10);
  return {
    range,
    tables: [
      {
        title: { zh: "客户零租报表", en: "Customer Zero-Rent Report" },
        columns: [
          col("customer", "客户", "Customer"),
          col("trips", "出车次数", "Trips", "count"),
          col("hours", "工作小时", "Hours", "hours"),
          col("machines", "使用设备数", "Machines used", "count"),
          col("bills", "账单数", "Bills", "count"),
          col("revenue", "收入(元)", "Revenue (CNY)", "money"),
        ],
        rows,
        // machines are counted per customer: one machine may serve two, so the total row leaves them out
        total: { customer: labelIn({ zh: "合计", en: "Total" }, lang), trips: sum(rows, "trips"), hours: Math.round(sum(rows, "hours") * 100) / 100, machines: null, bills: sum(rows, "bills"), revenue: sum(rows, "revenue") },
      },
    ],
    chart: {
      title: { zh: "客户收入（前10）", en: "Revenue per customer (top 10)" },
      categories: top.map((r) => String(r.customer)),
      series: [{ label: { zh: "收入", en: "Revenue" }, values: top.map((r) => Number(r.revenue)), kind: "money" }],
    },
  };
}

// ——— 加班报表 ———

/** /overtimeReport: the overtime items (shift overtime, hours above the allowance) per machine and contract. */
export async function overtimeReport(scope: RequestScope, range: ReportRange, lang: string): Promise<ReportData> {
  const rows = await scope.db.all<{ vid: number | null; plate: string | null; root: number; contract: string | null; customer: string | null; shiftHours: number; shiftCents: number; allowanceHours: number; allowanceCents: number }>(sql`
    select contract_lines.vehicle_id as vid, (select vehicles.plate from vehicles where vehicles.id = contract_lines.vehicle_id) as plate, bills.root_id as root,
      ${contractLabel(sql`bills.root_id`)} as contract, (select customers.name from customers where customers.id = bills.customer_id) as customer,
      sum(case when bill_items.rule = 'shiftOvertime' then ${quantityHours} else 0 end) as shiftHours,
      sum(case when bill_items.rule = 'shiftOvertime' then bill_items.amount_cents else 0 end) as shiftCents,
      sum(case when bill_items.rule = 'allowanceOvertime' then ${quantityHours} else 0 end) as allowanceHours,
      sum(case when bill_items.rule = 'allowanceOvertime' then bill_items.amount_cents else 0 end) as allowanceCents
    from bills
    join bill_items on bill_items.bill_id = bills.id and ${sameTenant(billItems, bills)}
    left join contract_lines on contract_lines.id = bill_items.line_id and ${sameTenant(contractLines, bills)}
    where ${billedItems(scope, range)} and bill_items.rule in ('shiftOvertime', 'allowanceOvertime')
    group by 1, 3`);
  const unassigned = labelIn(UNASSIGNED, lang);
  const round2 = (n: number) => Math.round(Number(n) * 100) / 100;
  const table: ReportRow[] = rows
    .map((r) => {
      const shiftHours = round2(r.shiftHours);
      const allowanceHours = round2(r.allowanceHours);
      return {
        plate: r.plate ?? unassigned,
        contract: r.contract ?? "",
        customer: r.customer ?? "",
        shiftHours,
        shiftAmount: Number(r.shiftCents),
        allowanceHours,
        allowanceAmount: Number(r.allowanceCents),
        hours: round2(shiftHours + allowanceHours),
        amount: Number(r.shiftCents) + Number(r.allowanceCents),
      };
    })
    .sort((a, b) => b.hours - a.hours || a.plate.localeCompare(b.plate) || a.contract.localeCompare(b.contract));
  const perMachine = new Map<string, number>();
  for (const r of table) perMachine.set(String(r.plate), round2((perMachine.get(String(r.plate)) ?? 0) + Number(r.hours)));
  const machines = [...perMachine.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15);
  return {
    range,
    tables: [
      {
        title: { zh: "加班报表", en: "Overtime Report" },
        columns: [
          col("plate", "设备(车牌)", "Machine (plate)"),
          col("contract", "合同", "Contract"),
          col("customer", "客户", "Customer"),
          col("shiftHours", "台班加班(小时)", "Shift overtime (h)", "hours"),
          col("shiftAmount", "台班加班金额(元)", "Shift overtime (CNY)", "money"),
          col("allowanceHours", "超时(小时)", "Above allowance (h)", "hours"),
          col("allowanceAmount", "超时金额(元)", "Above allowance (CNY)", "money"),
          col("hours", "加班合计(小时)", "Overtime (h)", "hours"),
          col("amount", "加班金额合计(元)", "Overtime (CNY)", "money"),
        ],
        rows: table,
        total: {
          plate: labelIn({ zh: "合计", en: "Total" }, lang),
          contract: "",
          customer: "",
          shiftHours: round2(sum(table, "shiftHours")),
          shiftAmount: sum(table, "shiftAmount"),
          allowanceHours: round2(sum(table, "allowanceHours")),
          allowanceAmount: sum(table, "allowanceAmount"),
          hours: round2(sum(table, "hours")),
          amount: sum(table, "amount"),
        },
      },
    ],
    chart: {
      title: { zh: "各设备加班小时", en: "Overtime hours per machine" },
      categories: machines.map(([plate]) => plate),
      series: [{ label: { zh: "加班小时", en: "Overtime hours" }, values: machines.map(([, h]) => h), kind: "hours" }],
    },
  };
}

// ——— 运营数据报表 ———

/**
 * /operateDataReport: each machine in the user's scope over the range: days on rent (its lines of contracts with a
 * confirmed bill, the days of [on-rent, off-rent] inside the range, capped at the range's days when lines overlap),
 * engine hours (the daily roll-ups), revenue (bill items of its lines by the bill's period end), utilisation (days on
 * rent ÷ days in range); per type the same summed; the machines with no day on rent listed as idle. One statement
 * for the machines, its three figures as grouped sub-selects joined once each.
 */
export async function operateData(scope: RequestScope, range: ReportRange, lang: string): Promise<ReportData> {
  const tenantId = scope.user.tenantId;
  const days = daysBetween(range.from, range.to);
  const machines = await scope.db.all<{ id: number; plate: string; model: string | null; rentDays: number | null; engineSeconds: number | null; cents: number | null }>(sql`
    select vehicles.id as id, vehicles.plate as plate, (select vehicle_models.name from vehicle_models where vehicle_models.id = vehicles.model_id) as model,
      rent.days as rentDays, daily.seconds as engineSeconds, earned.cents as cents
    from vehicles
    left join (
      select contract_lines.vehicle_id as vid,
        sum(${lineDaysIn(range)}) as days
      from contract_lines
      join contracts on contracts.id = contract_lines.contract_id and ${sameTenant(contracts, contractLines)}
      where ${ofTenant(contractLines, tenantId)} and contract_lines.vehicle_id is not null and contract_lines.on_rent_on <= ${range.to}
        and (contract_lines.off_rent_on is null or contract_lines.off_rent_on >= ${range.from}) and contracts.current = 1 and ${inScope(scope, contracts.orgId)}
        and exists (select 1 from bills where bills.root_id = coalesce(contracts.root_id, contracts.id) and ${ofTenant(bills, tenantId)} and bills.state > ${sql.raw(String(BILL_STATE.draft))})
      group by 1
    ) rent on rent.vid = vehicles.id
    left join (${engineSecondsIn(tenantId, range)}) daily on daily.vid = vehicles.id
    left join (
      select contract_lines.vehicle_id as vid, sum(bill_items.amount_cents) as cents
      from bills
      join bill_items on bill_items.bill_id = bills.id and ${sameTenant(billItems, bills)}
      join contract_lines on contract_lines.id = bill_items.line_id and ${sameTenant(contractLines, bills)}
      where ${billedItems(scope, range)}
      group by 1
    ) earned on earned.vid = vehicles.id
    where ${ofTenant(vehicles, tenantId)} and ${inScope(scope, vehicles.orgId)}
    order by vehicles.plate`);
  const noModel = labelIn(NO_MODEL, lang);
  const rows: ReportRow[] = machines.map((m) => {
    const rentDays = Math.min(days, Math.round(Number(m.rentDays ?? 0)));
    return {
      plate: m.plate,
      type: m.model ?? noModel,
      rentDays,
      utilisation: permilleOf(rentDays, days),
      engineHours: Math.round((Number(m.engineSeconds ?? 0) / 3600) * 10) / 10,
      revenue: Number(m.cents ?? 0),
    };
  });
  rows.sort((a, b) => Number(b.rentDays) - Number(a.rentDays) || Number(b.revenue) - Number(a.revenue) || String(a.plate).localeCompare(String(b.plate)));
  const types = new Map<string, { type: string; machines: number; rentDays: number; engineHours: number; revenue: number }>();
  for (const r of rows) {
    const t = types.get(String(r.type)) ?? { type: String(r.type), machines: 0, rentDays: 0, engineHours: 0, revenue: 0 };
    t.machines += 1;
    t.rentDays += Number(r.rentDays);
    t.engineHours += Number(r.engineHours);
    t.revenue += Number(r.revenue);
    types.set(t.type, t);
  }
  const typeRows: ReportRow[] = [...types.values()]
    .sort((a, b) => b.rentDays - a.rentDays || a.type.localeCompare(b.type))
    .map((t) => ({ ...t, engineHours: Math.round(t.engineHours * 10) / 10, utilisation: permilleOf(t.rentDays, t.machines * days) }));
  const idle: ReportRow[] = rows.filter((r) => r.rentDays === 0).map((r) => ({ plate: r.plate, type: r.type, engineHours: r.engineHours }));
  const total = (label: string): ReportRow => ({
    plate: label,
    type: label,
    machines: rows.length,
    rentDays: sum(rows, "rentDays"),
    utilisation: permilleOf(sum(rows, "rentDays"), rows.length * days),
    engineHours: Math.round(sum(rows, "engineHours") * 10) / 10,
    revenue: sum(rows, "revenue"),
  });
  const totalLabel = labelIn({ zh: "合计", en: "Total" }, lang);
  const machineTotal = total(totalLabel);
  delete machineTotal.type;
  delete machineTotal.machines;
  return {
    range,
    tables: [
      {
        title: { zh: "设备利用率", en: "Utilisation per machine" },
        columns: [
          col("plate", "设备(车牌)", "Machine (plate)"),
          col("type", "型号", "Model"),
          col("rentDays", "在租天数", "Days on rent", "count"),
          col("utilisation", "利用率", "Utilisation", "percent"),
          col("engineHours", "发动机小时", "Engine hours", "hours"),
          col("revenue", "收入(元)", "Revenue (CNY)", "money"),
        ],
        rows,
        total: { ...machineTotal, type: "" },
      },
      {
        title: { zh: "按型号", en: "Per model" },
        columns: [
          col("type", "型号", "Model"),
          col("machines", "设备数", "Machines", "count"),
          col("rentDays", "在租天数", "Days on rent", "count"),
          col("utilisation", "利用率", "Utilisation", "percent"),
          col("engineHours", "发动机小时", "Engine hours", "hours"),
          col("revenue", "收入(元)", "Revenue (CNY)", "money"),
        ],
        rows: typeRows,
      },
      {
        title: { zh: "闲置设备", en: "Idle machines" },
        columns: [col("plate", "设备(车牌)", "Machine (plate)"), col("type", "型号", "Model"), col("engineHours", "发动机小时", "Engine hours", "hours")],
        rows: idle,
      },
    ] satisfies ReportTable[],
    chart: {
      title: { zh: "各型号利用率", en: "Utilisation per model" },
      categories: typeRows.slice(0, 12).map((t) => String(t.type)),
      series: [{ label: { zh: "利用率", en: "Utilisation" }, values: typeRows.slice(0, 12).map((t) => Number(t.utilisation ?? 0)), kind: "percent" }],
    },
  };
}
