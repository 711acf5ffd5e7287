import { sql } from "drizzle-orm";
import { contractLines, contracts, vehicles } from "../../../db/schema";
import { ofTenant, sameTenant } from "../../../db/tenant";
import type { RequestScope } from "~/modules/access/access.server";
import { equipmentTypeName } from "~/modules/telematics/vehicle-types";
import { todayInZone } from "~/lib/tenant-clock";
import { daysBetween, type ReportRange } from "./quick-range";
import { col, engineSecondsIn, inScope, lineDaysIn, NO_MODEL, onRentOn, permilleOf, WON_STATES } from "./reports.server";
import { labelIn, type ReportData, type ReportRow } from "./report-types";

/** A machine's state on the range's last day (today while the range runs): on rent (a line of a won contract covers the day), in the yard, or stopped (disabled). */
type MachineState = "onRent" | "yard" | "stopped";
const STATE_NAMES: Record<MachineState, { zh: string; en: string }> = { onRent: { zh: "在租", en: "On rent" }, yard: { zh: "闲置", en: "In the yard" }, stopped: { zh: "停用", en: "Stopped" } };

interface Machine {
  id: number;
  plate: string;
  selfNo: string | null;
  type: string | null;
  model: string | null;
  enabled: number;
  project: string | null;
  customer: string | null;
  rentDays: number;
  engine: number;
}

/**
 * Every machine in the user's scope with its state on the range's last day, or today while it runs (on rent to whom and for which project, in
 * the yard, stopped), its days on rent in the range (lines of approved, executing or completed contracts, as
 * 运营数据报表 counts them) and its engine hours (the daily roll-ups).
 */
async function machines(scope: RequestScope, range: ReportRange): Promise<Machine[]> {
  const tenantId = scope.user.tenantId;
  const days = daysBetween(range.from, range.to);
  // the state of a range still running is today's
  const today = todayInZone(scope.user.timeZone);
  const asOf = range.to < today ? range.to : today;
  const rows = await scope.db.all<Machine>(sql`
    select vehicles.id as id, vehicles.plate as plate, vehicles.self_no as selfNo, vehicles.vehicle_type as type,
      (select vehicle_models.name from vehicle_models where vehicle_models.id = vehicles.model_id) as model, vehicles.state as enabled,
      site.project as project, site.customer as customer, coalesce(rent.days, 0) as rentDays, coalesce(daily.seconds, 0) as engine
    from vehicles
    left join (${onRentOn(tenantId, asOf)}) site on site.vid = vehicles.id
    left join (
      select contract_lines.vehicle_id as vid,
        min(${days}, sum(${lineDaysIn(range)})) as days
      from contract_lines join contracts on contracts.id = contract_lines.contract_id and ${sameTenant(contracts, contractLines)}
      where ${ofTenant(contractLines, tenantId)} and contracts.current = 1 and contracts.state in (${WON_STATES}) and contract_lines.vehicle_id is not null
        and contract_lines.on_rent_on <= ${range.to} and (contract_lines.off_rent_on is null or contract_lines.off_rent_on >= ${range.from})
      group by 1
    ) rent on rent.vid = vehicles.id
    left join (${engineSecondsIn(tenantId, range)}) daily on daily.vid = vehicles.id
    where ${ofTenant(vehicles, tenantId)} and ${inScope(scope, vehicles.orgId)}
    order by vehicles.vehicle_type, vehicles.self_no, vehicles.plate`);
  return rows.map((r) => ({ ...r, rentDays: Math.round(Number(r.rentDays)), engine: Number(r.engine) }));
}

const stateOf = (m: Machine): MachineState => (m.enabled !== 1 ? "stopped" : m.project !== null || m.customer !== null ? "onRent" : "yard");
const hours = (seconds: number) => Math.round(seconds / 360) / 10;

/**
 * /engineeringEquipment 工程设备: the construction machinery by type (machines, on rent, in the yard and stopped on the
 * range's last day, days on rent and utilisation, engine hours over the range) and by project (the machines on rent
 * there on the last day, for whom, of which types).
 */
export async function engineeringEquipment(scope: RequestScope, range: ReportRange, lang: string): Promise<ReportData> {
  const list = await machines(scope, range);
  const days = daysBetween(range.from, range.to);
  const noType = labelIn(NO_MODEL, lang);
  const byType = new Map<string, { type: string; machines: number; onRent: number; yard: number; stopped: number; rentDays: number; engine: number }>();
  for (const m of list) {
    const type = m.type ? equipmentTypeName(m.type, lang) : noType;
    const t = byType.get(type) ?? byType.set(type, { type, machines: 0, onRent: 0, yard: 0, stopped: 0, rentDays: 0, engine: 0 }).get(type)!;
    t.machines++;
    t[stateOf(m)]++;
    t.rentDays += m.rentDays;
    t.engine += m.engine;
  }
  const typeRows: ReportRow[] = [...byType.values()].map((t) => ({ type: t.type, machines: t.machines, onRent: t.onRent, yard: t.yard, stopped: t.stopped, utilisation: permilleOf(t.rentDays, t.machines * days), engine: hours(t.engine) }));
  const byProject = new Map<string, { project: string; customer: string; machines: number; types: Set<string> }>();
  for (const m of list.filter((x) => stateOf(x) === "onRent")) {
    const key = `${m.project ?? ""}|${m.customer ?? ""}`;
    const p = byProject.get(key) ?? byProject.set(key, { project: m.project ?? "", customer: m.customer ?? "", machines: 0, types: new Set() }).get(key)!;
    p.machines++;
    p.types.add(m.type ? equipmentTypeName(m.type, lang) : noType);
  }
  const projectRows: ReportRow[] = [...byProject.values()].sort((a, b) => b.machines - a.machines || a.project.localeCompare(b.project)).map((p) => ({ project: p.project, customer: p.customer, machines: p.machines, types: [...p.types].join("、") }));
  const sum = (k: string) => typeRows.reduce((s, r) => s + Number(r[k] ?? 0), 0);
  const rentDays = list.reduce((s, m) => s + m.rentDays, 0);
  const total = labelIn({ zh: "合计", en: "Total" }, lang);
  return {
    range,
    tables: [
      {
        title: { zh: "按设备类型", en: "By equipment type" },
        columns: [col("type", "设备类型", "Equipment type"), col("machines", "设备数", "Machines", "count"), col("onRent", "在租", "On rent", "count"), col("yard", "闲置", "In the yard", "count"), col("stopped", "停用", "Stopped", "count"), col("utilisation", "利用率", "Utilisation", "percent"), col("engine", "工作小时", "Engine hours", "hours")],
        rows: typeRows,
        total: { type: total, machines: list.length, onRent: sum("onRent"), yard: sum("yard"), stopped: sum("stopped"), utilisation: permilleOf(rentDays, list.length * days), engine: hours(list.reduce((s, m) => s + m.engine, 0)) },
      },
      {
        title: { zh: "按项目", en: "By project" },
        columns: [col("project", "项目/工地", "Project / site"), col("customer", "客户", "Customer"), col("machines", "在场设备", "Machines there", "count"), col("types", "设备类型", "Types")],
        rows: projectRows,
      },
    ],
    chart: {
      title: { zh: "各类型设备状态", en: "Machines by type and state" },
      categories: typeRows.map((r) => String(r.type)),
      series: [
        { label: STATE_NAMES.onRent, values: typeRows.map((r) => Number(r.onRent)), kind: "decimal" },
        { label: STATE_NAMES.yard, values: typeRows.map((r) => Number(r.yard)), kind: "decimal" },
      ],
    },
  };
}

/** /engineeringEquipmentList 工程设备清单: every machine with its type, model, state on the range's last day, project and customer, days on rent and engine hours. */
export async function engineeringEquipmentList(scope: RequestScope, range: ReportRange, lang: string): Promise<ReportData> {
  const list = await machines(scope, range);
  const days = daysBetween(range.from, range.to);
  const noModel = labelIn(NO_MODEL, lang);
  const rows: ReportRow[] = list.map((m) => ({
    plate: m.selfNo ? `${m.selfNo} (${m.plate})` : m.plate,
    type: m.type ? equipmentTypeName(m.type, lang) : "",
    model: m.model ?? noModel,
    state: labelIn(STATE_NAMES[stateOf(m)], lang),
    project: m.project ?? "",
    customer: m.customer ?? "",
    rentDays: m.rentDays,
    utilisation: permilleOf(m.rentDays, days),
    engine: hours(m.engine),
  }));
  return {
    range,
    tables: [
      {
        title: { zh: "工程设备清单", en: "Engineering equipment" },
        columns: [col("plate", "设备(自编号)", "Machine (own no.)"), col("type", "设备类型", "Type"), col("model", "型号", "Model"), col("state", "状态", "State"), col("project", "项目/工地", "Project / site"), col("customer", "客户", "Customer"), col("rentDays", "在租天数", "Days on rent", "count"), col("utilisation", "利用率", "Utilisation", "percent"), col("engine", "工作小时", "Engine hours", "hours")],
        rows,
        total: { plate: labelIn({ zh: "合计", en: "Total" }, lang), type: "", model: "", state: "", project: "", customer: "", rentDays: list.reduce((s, m) => s + m.rentDays, 0), utilisation: permilleOf(list.reduce((s, m) => s + m.rentDays, 0), list.length * days), engine: hours(list.reduce((s, m) => s + m.engine, 0)) },
      },
    ],
    chart: {
      title: { zh: "在租天数", en: "Days on rent" },
      categories: rows.slice(0, 20).map((r) => String(r.plate)),
      series: [{ label: { zh: "在租天数", en: "Days on rent" }, values: rows.slice(0, 20).map((r) => Number(r.rentDays)), kind: "decimal" }],
    },
  };
}
