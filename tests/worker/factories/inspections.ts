import { env } from "cloudflare:test";
import { unique } from "../helpers";
import { makeVehicle } from "../telematics";
import type { DomainFactories, Factory, Prepare, Seed } from "../factories";

/** What PREPARE made for each tenant: a machine, a procedure, and the tenant's first user as the inspector. */
const made = new Map<number, { vehicleId: number; procedureId: number; userId: number }>();

/** A procedure of one pass/fail item, stored by SQL; answers its id. */
export async function insertProcedure(tenantId: number, o: { name?: string; preUse?: number; equipmentType?: string | null } = {}): Promise<number> {
  const now = Date.now();
  const p = await env.DB.prepare("insert into inspection_procedures (tenant_id, number, name, kind, equipment_type, pre_use, created_at, updated_at) values (?, ?, ?, 'spot', ?, ?, ?, ?) returning id")
    .bind(tenantId, unique("GX-"), o.name ?? unique("日常点检"), o.equipmentType ?? null, o.preUse ?? 0, now, now)
    .first<{ id: number }>();
  await env.DB.prepare("insert into inspection_procedure_items (tenant_id, procedure_id, position, name, item_kind, required) values (?, ?, 0, '制动系统', 'pass', 1)").bind(tenantId, p!.id).run();
  return p!.id;
}

const factories: Record<string, Factory> = {
  // a 点检 of a truck crane with a pass/fail item and a reading
  procedureManage: () => ({
    name: unique("汽车吊日常点检"),
    kind: "spot",
    equipmentType: "1",
    preUse: "",
    remark: "",
    "items[0].name": "制动系统",
    "items[0].itemKind": "pass",
    "items[0].standard": "制动灵敏可靠",
    "items[0].required": "1",
    "items[1].name": "液压油压力",
    "items[1].itemKind": "reading",
    "items[1].unit": "MPa",
    "items[1].minValue": "18",
    "items[1].maxValue": "25",
  }),
  // a daily plan of the machine by the procedure, for the tenant's first user
  inspectionPlan: (t) => {
    const m = made.get(t.tenantId!)!;
    return { name: unique("每日点检计划"), procedureId: String(m.procedureId), frequency: "daily", weekday: "", every: "", assigneeId: String(m.userId), startOn: "2026-11-01", endOn: "", remark: "", "vehicles[0].vehicleId": String(m.vehicleId) };
  },
  // an issue of the machine reported by hand
  abnormalReport: (t) => ({ vehicleId: String(made.get(t.tenantId!)!.vehicleId), title: unique("回转异响"), severity: "normal", foundOn: "2026-12-01", detail: "", alarmId: "" }),
};

async function prepared(t: { tenantId: number; rootOrgId: number; userId: number }) {
  const vehicle = await makeVehicle(t.tenantId, { orgId: t.rootOrgId });
  made.set(t.tenantId, { vehicleId: vehicle.id, procedureId: await insertProcedure(t.tenantId), userId: t.userId });
}

const prepare: Record<string, Prepare> = { inspectionPlan: prepared, abnormalReport: prepared };

const seeds: Record<string, Seed> = {
  // a record of a machine of the tenant, its number the label
  async inspectionRecord(t) {
    const label = unique("iso-xj-");
    const vehicle = await makeVehicle(t.tenantId, {});
    const procedureId = await insertProcedure(t.tenantId);
    await env.DB.prepare("insert into inspection_records (tenant_id, number, vehicle_id, procedure_id, procedure_revision, procedure_name, kind, inspector_id, done_on, passed, created_at, updated_at) values (?, ?, ?, ?, 1, '日常点检', 'spot', ?, '2026-12-01', 1, ?, ?)")
      .bind(t.tenantId, label, vehicle.id, procedureId, t.userId, Date.now(), Date.now())
      .run();
    return label;
  },
};

export default { factories, prepare, seeds } satisfies DomainFactories;
