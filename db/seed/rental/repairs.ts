// The demo tenant's repairs (设备维修): the truck crane whose hoist rope failed its daily check three days ago had it
// replaced in-house (the issue turned into the order, the downtime from that morning to the next noon taken off its
// rent), a crawler crane's turbocharger at 常熟三一's repair station waiting for approval (¥12,800, still down), and a
// tower's slewing brake adjusted, a draft. Then the drafts are priced again, so the rope's downtime is on its bill's
// fault proposal. Seeds once, when the tenant has no repair order yet; after the inspections.
import { and, asc, count, eq, inArray, like } from "drizzle-orm";
import { suppliers, tenants, vehicles } from "../../schema";
import { addDays } from "../../../app/lib/calendar";
import { parseZonedTime } from "../../../app/lib/tenant-days";
import { todayInZone } from "../../../app/lib/tenant-clock";
import { runBills } from "../../../app/modules/billing/bill-run.server";
import { ABNORMALITY_STATE } from "../../../app/modules/inspections/abnormality.resource";
import { abnormalities } from "../../../app/modules/inspections/tables.server";
import { numberedInsert } from "../../../app/modules/numbering/numbering.server";
import { REPAIR_STATE } from "../../../app/modules/repairs/repair.resource";
import { REPAIR_NUMBERING, repairTotal } from "../../../app/modules/repairs/repair.server";
import { repairLabour, repairOrders, repairParts } from "../../../app/modules/repairs/tables.server";
import type { RentalSeedPart } from "./index";

type Labour = { worker: string; hours: number; rate: number };
type Part = { partName: string; spec: string; quantity: number; price: number };

export const seedRepairs: RentalSeedPart = async (db, ctx) => {
  const [have] = await db.select({ n: count() }).from(repairOrders).where(eq(repairOrders.tenantId, ctx.tenantId));
  if (have!.n > 0) return null;
  const [tenant] = await db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, ctx.tenantId));
  const timeZone = tenant?.timeZone ?? "Asia/Shanghai";
  const today = todayInZone(timeZone);
  const now = Date.now();
  const [rope] = await db.select({ id: abnormalities.id, vehicleId: abnormalities.vehicleId, foundOn: abnormalities.foundOn }).from(abnormalities).where(and(eq(abnormalities.tenantId, ctx.tenantId), eq(abnormalities.source, "inspection"), eq(abnormalities.state, ABNORMALITY_STATE.open))).orderBy(asc(abnormalities.id)).limit(1);
  const machines = await db.select({ id: vehicles.id, type: vehicles.vehicleType }).from(vehicles).where(and(eq(vehicles.tenantId, ctx.tenantId), inArray(vehicles.vehicleType, ["2", "3"]))).orderBy(asc(vehicles.id));
  const [station] = await db.select({ id: suppliers.id }).from(suppliers).where(and(eq(suppliers.tenantId, ctx.tenantId), like(suppliers.name, "%三一%"))).limit(1);

  const order = async (o: { vehicleId: number; abnormalityId?: number; repairKind: string; supplierId?: number | null; fault: string; diagnosis: string; from: [string, string]; to: [string, string] | null; deductRent: number; labour: Labour[]; parts: Part[]; outsideCents?: number; state: number; remark?: string }) => {
    const totalCents = repairTotal({ labour: o.labour, parts: o.parts, outsideCents: o.outsideCents ?? null });
    const [row] = await numberedInsert(db, ctx.tenantId, REPAIR_NUMBERING, now, timeZone, (number) =>
      db
        .insert(repairOrders)
        .values({
          tenantId: ctx.tenantId,
          number: number as unknown as string,
          vehicleId: o.vehicleId,
          abnormalityId: o.abnormalityId ?? null,
          repairKind: o.repairKind,
          supplierId: o.supplierId ?? null,
          fault: o.fault,
          diagnosis: o.diagnosis,
          downFromOn: o.from[0],
          downFromTime: o.from[1],
          downToOn: o.to?.[0] ?? null,
          downToTime: o.to?.[1] ?? null,
          downFrom: parseZonedTime(`${o.from[0]}T${o.from[1]}`, timeZone),
          downTo: o.to ? parseZonedTime(`${o.to[0]}T${o.to[1]}`, timeZone) : null,
          deductRent: o.deductRent,
          outsideCents: o.outsideCents ?? null,
          totalCents,
          approvedCents: o.state === REPAIR_STATE.repairing || o.state === REPAIR_STATE.done ? totalCents : null,
          remark: o.remark ?? null,
          state: o.state,
          creatorId: ctx.adminId,
        })
        .returning({ id: repairOrders.id }),
    );
    if (o.labour.length) await db.insert(repairLabour).values(o.labour.map((l, position) => ({ ...l, tenantId: ctx.tenantId, repairId: row!.id, position })));
    if (o.parts.length) await db.insert(repairParts).values(o.parts.map((p, position) => ({ ...p, tenantId: ctx.tenantId, repairId: row!.id, position })));
    return row!.id;
  };

  let made = 0;
  if (rope) {
    const id = await order({
      vehicleId: rope.vehicleId,
      abnormalityId: rope.id,
      repairKind: "inhouse",
      fault: "起升钢丝绳卷筒端断丝 6 根，超过报废标准",
      diagnosis: "钢丝绳疲劳断丝，整根更换，同时检查滑轮组及卷筒绳槽",
      from: [rope.foundOn, "07:30"],
      to: [addDays(rope.foundOn, 1), "12:00"],
      deductRent: 1,
      labour: [
        { worker: "张国庆", hours: 45, rate: 12_000 },
        { worker: "李卫东", hours: 45, rate: 10_000 },
      ],
      parts: [{ partName: "起升钢丝绳", spec: "18NAT6×37+FC 1770 160m", quantity: 10, price: 380_000 }],
      state: REPAIR_STATE.done,
    });
    await db.update(abnormalities).set({ state: ABNORMALITY_STATE.repair, repairId: id }).where(eq(abnormalities.id, rope.id));
    made++;
  }
  const crawler = machines.find((m) => m.type === "2");
  if (crawler) {
    await order({ vehicleId: crawler.id, repairKind: "outside", supplierId: station?.id ?? null, fault: "发动机冒黑烟、动力不足，增压压力低", diagnosis: "涡轮增压器叶轮磨损，需更换增压器总成", from: [addDays(today, -1), "14:20"], to: null, deductRent: 1, labour: [], parts: [{ partName: "涡轮增压器总成", spec: "HX55W", quantity: 10, price: 980_000 }], outsideCents: 300_000, state: REPAIR_STATE.inApproval, remark: "已送常熟三一维修站，费用超过1万元需经理审批" });
    made++;
  }
  const tower = machines.find((m) => m.type === "3");
  if (tower) {
    await order({ vehicleId: tower.id, repairKind: "inhouse", fault: "回转制动打滑，停车后臂架惯性滑移", diagnosis: "制动器间隙过大，调整并更换摩擦片", from: [today, "09:00"], to: null, deductRent: 0, labour: [{ worker: "王海波", hours: 20, rate: 12_000 }], parts: [{ partName: "回转制动器摩擦片", spec: "QTZ80", quantity: 20, price: 16_500 }], state: REPAIR_STATE.draft, remark: "工地停工期间维修，不扣租" });
    made++;
  }
  // the drafts whose machines were down are priced again (the nightly run would find them too)
  const run = await runBills(db, { tenantId: ctx.tenantId, timeZone, through: addDays(today, -1), userId: null });
  return `seeded ${made} repair orders (the worn hoist rope replaced, its downtime off the rent; ${run.refreshed ?? 0} drafts priced again)`;
};
