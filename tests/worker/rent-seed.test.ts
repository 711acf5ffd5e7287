import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outcarRecords } from "../../db/schema";
import { seedContracts } from "../../db/seed/rental/contracts";
import { seedOutcars } from "../../db/seed/rental/outcars";
import { seedParties } from "../../db/seed/rental/parties";
import { seedTelematics } from "../../db/seed/telematics";
import { addDays, requireDay, weekdayOf } from "../../app/lib/calendar";
import { todayInZone } from "../../app/lib/tenant-clock";
import { db, makeTenant } from "./helpers";

describe("the demo seed's out-car records", () => {
  it("does nothing before there are executing lines, then fills the last two months of working days with trips that add up, once", async () => {
    const t = await makeTenant();
    const { vehicleIds } = await seedTelematics(db(), t.tenantId, { prefix: "OCS" });
    const ctx = { tenantId: t.tenantId, adminId: t.userId, vehicleIds };
    expect(await seedOutcars(db(), ctx)).toBeNull();
    await seedParties(db(), ctx);
    await seedContracts(db(), ctx);
    expect(await seedOutcars(db(), ctx)).toMatch(/\d+ trips over the last two months/);
    expect(await seedOutcars(db(), ctx)).toBeNull();
    const trips = await db().select().from(outcarRecords).where(eq(outcarRecords.tenantId, t.tenantId));
    expect(trips.length).toBeGreaterThan(10);
    const today = todayInZone("Asia/Shanghai");
    for (const r of trips) {
      expect(r.tripOn >= addDays(today, -60) && r.tripOn < today).toBe(true);
      expect([0, 6]).not.toContain(weekdayOf(requireDay(r.tripOn)));
      expect(r.returnAt! > r.departAt!).toBe(true);
      expect(r.engineHoursEnd! > r.engineHoursStart!).toBe(true);
      expect(r.kmEnd! > r.kmStart!).toBe(true);
    }
  });
});
