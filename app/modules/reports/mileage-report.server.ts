import { sql } from "drizzle-orm";
import { fleetDaily, vehicleModels, vehicles } from "../../../db/schema";
import { ofTenant, sameTenant } from "../../../db/tenant";
import type { RequestScope } from "~/modules/access/access.server";
import { one, pageOf, rangeSums, TOTAL } from "./fleet-reports.server";
import type { ReportRange } from "./quick-range";
import { col, inScope, NO_MODEL } from "./reports.server";
import { labelIn, type ReportData, type ReportRow } from "./report-types";

/** Kilometres per day to one decimal; null without a day. */
const perDay = (km: number, days: number) => (days > 0 ? one(km / days) : null);

/**
 * /mileageReport 里程报表 (issue 41): each machine's kilometres over the range (the hub's daily roll-ups, vehicle_daily
 * mileage_km), the days it moved (kilometres on the day) and its kilometres per moving day, most first, machines that
 * did not move with zeros; the fleet's kilometres per day (the machines moving, their kilometres and kilometres per
 * moving machine). The chart is the kilometres per day. Sums come from the roll-ups above the day as 作业报表's do
 * (rangeSums; fleet_daily per day); the data scope is the machine's organisation. The page keeps the PAGE_MACHINES
 * with most kilometres (`pageOf`), the file all.
 */
export async function mileageReport(scope: RequestScope, range: ReportRange, lang: string, all = false): Promise<ReportData> {
  const tenantId = scope.user.tenantId;
  const sums = rangeSums(tenantId, range, { km: { month: "mileage_km", day: "mileage_km" }, moving: { month: "days_moving", day: "mileage_km > 0" } });
  const [machines, days] = await Promise.all([
    scope.db.all<{ plate: string; model: string | null; km: number; moving: number }>(sql`
      select vehicles.plate as plate, vehicle_models.name as model, coalesce(d.km, 0) as km, coalesce(d.moving, 0) as moving
      from vehicles
      left join vehicle_models on vehicle_models.id = vehicles.model_id and ${sameTenant(vehicleModels, vehicles)}
      left join (${sums}) d on d.vid = vehicles.id
      where ${ofTenant(vehicles, tenantId)} and ${inScope(scope, vehicles.orgId)}`),
    scope.db.all<{ day: string; machines: number; km: number }>(sql`
      select fleet_daily.day as day, sum(fleet_daily.machines_moving) as machines, sum(fleet_daily.mileage_km) as km
      from fleet_daily
      where ${ofTenant(fleetDaily, tenantId)} and fleet_daily.day >= ${range.from} and fleet_daily.day <= ${range.to} and ${inScope(scope, fleetDaily.orgId)}
      group by 1 order by 1`),
  ]);
  const noModel = labelIn(NO_MODEL, lang);
  const list = machines.map((m) => ({ ...m, km: Number(m.km), moving: Number(m.moving) }));
  const rows: ReportRow[] = list
    .sort((a, b) => b.km - a.km || a.plate.localeCompare(b.plate))
    .map((m) => ({ plate: m.plate, model: m.model ?? noModel, km: one(m.km), moving: m.moving, perDay: perDay(m.km, m.moving) }));
  const km = list.reduce((s, m) => s + m.km, 0);
  const moving = list.reduce((s, m) => s + m.moving, 0);
  const dayRows: ReportRow[] = days.map((d) => ({ day: d.day, machines: Number(d.machines), km: one(Number(d.km)), perMachine: perDay(Number(d.km), Number(d.machines)) }));
  const total = labelIn(TOTAL, lang);
  return {
    range,
    tables: [
      {
        title: { zh: "设备里程", en: "Distance per machine" },
        columns: [
          col("plate", "设备(车牌)", "Machine (plate)"),
          col("model", "型号", "Model"),
          col("km", "里程(km)", "Distance (km)", "decimal"),
          col("moving", "行驶天数", "Days moving", "count"),
          col("perDay", "日均里程(km)", "km per moving day", "decimal"),
        ],
        rows: pageOf(rows, all, ["km", "moving"], lang),
        total: { plate: total, model: "", km: one(km), moving, perDay: perDay(km, moving) },
      },
      {
        title: { zh: "每日里程", en: "Distance per day" },
        columns: [
          col("day", "日期", "Day"),
          col("machines", "行驶设备数", "Machines moving", "count"),
          col("km", "里程(km)", "Distance (km)", "decimal"),
          col("perMachine", "台均里程(km)", "km per machine moving", "decimal"),
        ],
        rows: dayRows,
        total: { day: total, machines: null, km: one(days.reduce((s, d) => s + Number(d.km), 0)), perMachine: null },
      },
    ],
    chart: {
      title: { zh: "每日里程(km)", en: "Distance per day (km)" },
      categories: days.map((d) => d.day.slice(5)),
      series: [{ label: { zh: "里程", en: "Distance" }, values: days.map((d) => one(Number(d.km))), kind: "decimal" }],
    },
  };
}
