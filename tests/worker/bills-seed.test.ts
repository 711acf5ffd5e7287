import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { billProposals, bills, statements } from "../../db/schema";
import { seedBills } from "../../db/seed/rental/bills";
import { seedContracts } from "../../db/seed/rental/contracts";
import { seedParties } from "../../db/seed/rental/parties";
import { seedTelematics } from "../../db/seed/telematics";
import { addDays } from "../../app/lib/calendar";
import { todayInZone } from "../../app/lib/tenant-clock";
import { db, makeTenant } from "./helpers";

describe("the demo seed's bills", () => {
  it("bill every closed period of the billed contracts once: older ones confirmed and overdue, the last month's drafts with a stretch to review", async () => {
    const t = await makeTenant();
    const { vehicleIds } = await seedTelematics(db(), t.tenantId, { prefix: "BLS" });
    const ctx = { tenantId: t.tenantId, adminId: t.userId, vehicleIds };
    expect(await seedBills(db(), ctx)).toBeNull(); // no contracts yet: nothing
    await seedParties(db(), ctx);
    await seedContracts(db(), ctx);
    expect(await seedBills(db(), ctx)).toMatch(/ran the bills: \d+ bills on \d+ contracts/);
    expect(await seedBills(db(), ctx)).toBeNull();
    const rows = await db().select().from(bills).where(eq(bills.tenantId, t.tenantId));
    const today = todayInZone("Asia/Shanghai");
    expect(rows.length).toBeGreaterThanOrEqual(10);
    // every bill's period has ended; none twice
    expect(rows.every((b) => b.periodTo < today)).toBe(true);
    expect(new Set(rows.map((b) => `${b.rootId}|${b.periodFrom}`)).size).toBe(rows.length);
    // the older ones confirmed and past due by more than a month, the recent ones drafts
    const confirmed = rows.filter((b) => b.state === 1);
    expect(confirmed.length).toBeGreaterThan(0);
    expect(confirmed.every((b) => b.periodTo < addDays(today, -31))).toBe(true);
    expect(confirmed.some((b) => b.dueOn < addDays(today, -90))).toBe(true);
    const drafts = rows.filter((b) => b.state === 0);
    expect(drafts.length).toBeGreaterThan(0);
    // the crane that stood still has its idle proposal and its fault waiting for the clerk
    const open = await db().select().from(billProposals).where(and(eq(billProposals.tenantId, t.tenantId), eq(billProposals.state, 0)));
    expect(open.map((p) => p.kind)).toEqual(expect.arrayContaining(["fault"]));
    expect(open.some((p) => p.kind === "stopRent" || p.kind === "idle")).toBe(true);
    // a bill of ¥0 is a final one or a period with proposals for the clerk (a week of spot hire without a trip, its
    // machine seen working): which weeks those are depends on today's date, so the rule is checked, not a count
    const proposed = new Set((await db().select({ billId: billProposals.billId }).from(billProposals).where(eq(billProposals.tenantId, t.tenantId))).map((p) => p.billId));
    expect(rows.filter((b) => b.amountCents === 0 && b.final !== 1 && !proposed.has(b.id)).map((b) => b.number)).toEqual([]);
    // and one statement sent, waiting for its customer, of a confirmed month
    const waiting = await db().select().from(statements).where(eq(statements.tenantId, t.tenantId));
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ state: 1 });
    expect(waiting[0]!.linkNonce).toBeTruthy();
    expect(confirmed.some((b) => b.rootId === waiting[0]!.rootId && b.periodTo === waiting[0]!.periodTo)).toBe(true);
  });
});
