// The demo tenant's contract side registers: equipment costs on the executing and completed contracts (transport in
// and out, installation, a repair, insurance, operators' wages, a sub-contract's hire), so 合同设备费用 shows margins
// both healthy and thin. Runs after the contracts part; with no contracts it does nothing.
import { and, count, eq, inArray } from "drizzle-orm";
import { contractCosts, contractLines, contracts, suppliers, tenants } from "../../schema";
import { todayInZone } from "../../../app/lib/tenant-clock";
import type { RentalSeedPart } from "./index";

/** A cost as a share (basis points) of the contract's value, so margins differ by contract. */
const COST_PLAN: { kind: (typeof contractCosts.$inferInsert)["kind"]; shareBp: number; day: number; remark: string }[] = [
  { kind: "transport", shareBp: 180, day: 0, remark: "进场运输（含板车及押运）" },
  { kind: "install", shareBp: 320, day: 1, remark: "设备安装及验收" },
  { kind: "insurance", shareBp: 90, day: 2, remark: "设备财产险及第三者责任险" },
  { kind: "wages", shareBp: 1400, day: 30, remark: "操作手工资（首月）" },
  { kind: "repair", shareBp: 260, day: 45, remark: "更换液压油管及滤芯" },
];

export const seedCosts: RentalSeedPart = async (db, ctx) => {
  const [have] = await db.select({ n: count() }).from(contractCosts).where(eq(contractCosts.tenantId, ctx.tenantId));
  if (have!.n > 0) return null;
  const live = await db
    .select({ id: contracts.id, kind: contracts.kind, valueCents: contracts.valueCents, startOn: contracts.startOn })
    .from(contracts)
    .where(and(eq(contracts.tenantId, ctx.tenantId), eq(contracts.current, 1), inArray(contracts.state, [3, 4])))
    .orderBy(contracts.id)
    .limit(16);
  if (!live.length) return null;
  const [lines, supplierRows] = await Promise.all([
    db
      .select({ id: contractLines.id, contractId: contractLines.contractId })
      .from(contractLines)
      .where(and(eq(contractLines.tenantId, ctx.tenantId), inArray(contractLines.contractId, live.map((c) => c.id)))),
    db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.tenantId, ctx.tenantId)).orderBy(suppliers.id).limit(4),
  ]);
  const [tenant] = await db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, ctx.tenantId));
  const today = todayInZone(tenant?.timeZone ?? "Asia/Shanghai");
  const rows: (typeof contractCosts.$inferInsert)[] = [];
  live.forEach((c, i) => {
    const lineId = lines.find((l) => l.contractId === c.id)?.id ?? null;
    // the later contracts get fewer costs so far; every third one runs thin on margin (a costly repair)
    const plan = c.kind === "subcontract" ? [{ kind: "subcontract" as const, shareBp: 7800, day: 0, remark: "分包设备租金（供应商）" }] : COST_PLAN.slice(0, 3 + (i % 3));
    for (const [n, p] of plan.entries()) {
      const base = Math.max(c.valueCents, 2_000_000);
      const amountCents = Math.round((base * (p.shareBp + (i % 3 === 2 && p.kind === "repair" ? 2500 : 0))) / 10_000 / 100) * 100;
      const day = new Date(Date.parse(`${c.startOn}T00:00:00Z`) + p.day * 86_400_000).toISOString().slice(0, 10);
      // nothing booked ahead of today
      if (day > today) continue;
      rows.push({ tenantId: ctx.tenantId, contractId: c.id, lineId: n === 0 ? null : lineId, kind: p.kind, amountCents, occurredOn: day, supplierId: supplierRows.length ? supplierRows[(i + n) % supplierRows.length]!.id : null, remark: p.remark, creatorId: ctx.adminId });
    }
  });
  // D1 binds at most 100 parameters a statement: a few rows at a time
  for (let i = 0; i < rows.length; i += 5) await db.insert(contractCosts).values(rows.slice(i, i + 5));
  return `seeded ${rows.length} contract equipment costs on ${live.length} contracts`;
};
