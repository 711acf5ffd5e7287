import { env } from "cloudflare:test";
import { addDays } from "../../../app/lib/calendar";
import { todayInZone } from "../../../app/lib/tenant-clock";
import { unique } from "../helpers";
import { makeVehicle } from "../telematics";
import type { DomainFactories, Factory, Prepare, Seed } from "../factories";

/** The truck crane (汽车吊) PREPARE made for each tenant, and the plan covering it (every truck crane, by type). */
const cranes = new Map<number, number>();
const plans = new Map<number, number>();
/** each call a day of its own: one service of a plan a machine and day, one reading by hand a machine and day */
let calls = 0;
const pastDay = () => addDays(todayInZone("Asia/Shanghai"), -1 - (calls++ % 300));

/** A truck crane of the tenant's root organisation; its id. */
export async function makeCrane(tenantId: number, orgId: number | null, plate?: string): Promise<number> {
  const { id } = await makeVehicle(tenantId, { orgId, plate });
  await env.DB.prepare("update vehicles set vehicle_type = '1' where id = ?").bind(id).run();
  return id;
}

/** A plan written as the seed writes one (every truck crane, every 250 engine hours); its id. */
export async function insertPlan(tenantId: number, name = unique("250小时保养")): Promise<number> {
  const row = await env.DB.prepare(
    "insert into maintenance_plans (tenant_id, number, name, coverage, equipment_type, interval_hours, start_on, created_at, updated_at) values (?, ?, ?, 'type', '1', 250, ?, ?, ?) returning id",
  )
    .bind(tenantId, unique("BP-"), name, addDays(todayInZone("Asia/Shanghai"), -400), Date.now(), Date.now())
    .first<{ id: number }>();
  return row!.id;
}

const factories: Record<string, Factory> = {
  // every truck crane, every 250 engine hours or 5,000 km, with two items
  maintenancePlan: () => ({
    name: unique("250小时保养"),
    coverage: "type",
    equipmentType: "1",
    startOn: "2026-01-01",
    intervalDays: "",
    intervalHours: "250",
    intervalKm: "5000",
    soonDays: "7",
    soonHours: "25",
    soonKm: "500",
    remark: "",
    "items[0].item": "更换机油",
    "items[0].description": "15W-40 柴油机油",
    "items[1].item": "更换机油滤芯",
    "items[1].description": "",
  }),
  // a service of the crane under the plan, its meter that day left to the machine's
  maintenanceRecord: (t) => ({
    planId: String(plans.get(t.tenantId!)),
    vehicleId: String(cranes.get(t.tenantId!)),
    serviceOn: pastDay(),
    doneBy: unique("张师傅"),
    hours: "",
    km: "",
    cost: "1280",
    remark: "",
    "items[0].item": "更换机油",
    "items[0].result": "ok",
    "items[0].note": "",
  }),
  // the crane's hour meter read by hand
  meterReading: (t) => ({ vehicleId: String(cranes.get(t.tenantId!)), readOn: pastDay(), hours: "1234.5", km: "", remark: unique("仪表读数") }),
};

const prepareCrane: Prepare = async (t) => {
  cranes.set(t.tenantId, await makeCrane(t.tenantId, t.rootOrgId));
};

const prepare: Record<string, Prepare> = {
  meterReading: prepareCrane,
  async maintenanceRecord(t) {
    await prepareCrane(t);
    plans.set(t.tenantId, await insertPlan(t.tenantId));
  },
};

const seeds: Record<string, Seed> = {
  // a schedule as the recompute writes one; its forecast day names it (a day no other seed gives)
  async maintenanceSchedule(t) {
    const vehicleId = await makeCrane(t.tenantId, null);
    const planId = await insertPlan(t.tenantId);
    const label = addDays("2080-01-01", (calls++ * 7919 + Date.now()) % 7000);
    await env.DB.prepare("insert into maintenance_schedules (tenant_id, plan_id, vehicle_id, start_on, due_on, due_by, due_state, urgency) values (?, ?, ?, '2026-01-01', ?, 'days', 0, ?)")
      .bind(t.tenantId, planId, vehicleId, label, `2|${label}`)
      .run();
    return label;
  },
};

export default { factories, prepare, seeds } satisfies DomainFactories;
