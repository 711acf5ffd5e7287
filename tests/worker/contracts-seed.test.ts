import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { approvalRecords, contractLines, contracts } from "../../db/schema";
import { seedContracts } from "../../db/seed/rental/contracts";
import { seedParties } from "../../db/seed/rental/parties";
import { seedTelematics } from "../../db/seed/telematics";
import { lineClashes } from "../../app/modules/contracts/availability.server";
import { todayInZone } from "../../app/lib/tenant-clock";
import { db, makeTenant } from "./helpers";

describe("the demo seed's contracts", () => {
  it("are thirty across every kind and state, several executing with machines on-rent now, no machine double-booked, seeded once", async () => {
    const t = await makeTenant();
    const { vehicleIds } = await seedTelematics(db(), t.tenantId, { prefix: "HTS" });
    const ctx = { tenantId: t.tenantId, adminId: t.userId, vehicleIds };
    await seedParties(db(), ctx);
    expect(await seedContracts(db(), ctx)).toMatch(/30 across every kind and state/);
    expect(await seedContracts(db(), ctx)).toBeNull();
    const rows = await db().select().from(contracts).where(eq(contracts.tenantId, t.tenantId));
    const current = rows.filter((r) => r.current);
    expect(current).toHaveLength(30);
    expect(new Set(current.map((r) => r.kind)).size).toBe(7);
    expect(new Set(current.map((r) => r.state))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]));
    // the amended one: two versions under one number, the second in force
    const amended = rows.filter((r) => r.name.includes("已变更"));
    expect(amended.map((r) => [r.revision, r.current]).sort()).toEqual([
      [1, 0],
      [2, 1],
    ]);
    // machines on-rent today on executing contracts
    const today = todayInZone("Asia/Shanghai");
    const executing = current.filter((r) => r.state === 3).map((r) => r.id);
    const lines = await db().select().from(contractLines).where(and(eq(contractLines.tenantId, t.tenantId), inArray(contractLines.contractId, executing)));
    expect(lines.filter((l) => l.vehicleId !== null && l.onRentOn <= today && (l.offRentOn === null || l.offRentOn >= today)).length).toBeGreaterThanOrEqual(8);
    // no live line clashes with another contract's
    const live = current.filter((r) => r.state <= 3);
    for (const c of live) {
      const own = await db().select().from(contractLines).where(eq(contractLines.contractId, c.id));
      const clashes = await lineClashes(db(), t.tenantId, own.map((l) => ({ vehicleId: l.vehicleId, from: l.onRentOn, to: l.offRentOn ?? c.plannedEndOn })), c.rootId ?? c.id);
      expect(clashes, c.name).toEqual([]);
    }
    // the value of a 25 t crane with its operator for six months
    expect(amended.find((r) => r.current)!.valueCents).toBe(6 * (3_800_000 + 900_000));
    // each got to its state through approval as the engine records it: 审批进度 of a contract in force shows its steps done
    const records = await db().select().from(approvalRecords).where(and(eq(approvalRecords.tenantId, t.tenantId), eq(approvalRecords.kind, "contract")));
    const actions = (state: number) => {
      const c = current.find((r) => r.state === state)!;
      return records.filter((r) => r.documentId === c.id).map((r) => [r.action, r.stepNo]);
    };
    expect(actions(0)).toEqual([]);
    expect(actions(1)).toEqual([["submit", null]]);
    expect(actions(3)).toEqual([["submit", null], ["approve", 1]]);
    expect(actions(5)).toEqual([["submit", null], ["refuse", 1]]);
    expect(actions(6)).toEqual([["abandon", null]]);
    expect(actions(7)).toEqual([["submit", null], ["approve", 1], ["abort", null]]);
    expect(records.find((r) => r.action === "refuse")!.note).toBe("月租低于公司底价，请按38,000元重新报价");
  });
});
