import { describe, expect, it } from "vitest";
import { contractLines, contracts } from "../../db/schema";
import { lineClashes } from "../../app/modules/contracts/availability.server";
import { db, get, makeTenant, signIn } from "./helpers";
import { makeVehicle } from "./telematics";

/** Inserts a contract with one line on a vehicle, straight into the database. */
async function booked(tenantId: number, number: string, vehicleId: number, from: string, to: string | null, more: Partial<typeof contracts.$inferInsert> = {}) {
  const [c] = await db()
    .insert(contracts)
    .values({ tenantId, number, kind: "rental", name: `合同 ${number}`, startOn: from, plannedEndOn: to, ...more })
    .returning({ id: contracts.id });
  await db().insert(contractLines).values({ tenantId, contractId: c!.id, lineNo: 1, vehicleId, onRentOn: from, offRentOn: null });
  return c!.id;
}

describe("lineClashes (the one double-booking check)", () => {
  it("names the live contract that holds the vehicle on overlapping days, and only that one", async () => {
    const t = await makeTenant();
    const v = await makeVehicle(t.tenantId);
    const w = await makeVehicle(t.tenantId);
    const live = await booked(t.tenantId, "HT-202611-0001", v.id, "2026-11-01", "2026-11-30", { state: 3 });
    await booked(t.tenantId, "HT-202611-0002", v.id, "2026-12-01", "2026-12-31", { state: 6 }); // abandoned: holds nothing
    await booked(t.tenantId, "HT-202611-0003", v.id, "2027-01-01", "2027-01-31", { state: 0, current: 0 }); // not the current revision
    const clashes = await lineClashes(db(), t.tenantId, [
      { vehicleId: v.id, from: "2026-11-30", to: "2026-12-10" },
      { vehicleId: v.id, from: "2026-12-11", to: null },
      { vehicleId: w.id, from: "2026-11-01", to: "2026-11-30" },
      { vehicleId: null, from: "2026-11-01", to: null },
    ]);
    expect(clashes).toEqual([expect.objectContaining({ index: 0, contractId: live, number: "HT-202611-0001", from: "2026-11-01", to: "2026-11-30" })]);
    // the contract's own revisions never clash with it
    expect(await lineClashes(db(), t.tenantId, [{ vehicleId: v.id, from: "2026-11-10", to: "2026-11-20" }], live)).toEqual([]);
    // an open-ended line clashes with everything after its start; two wanted lines clash with each other
    await booked(t.tenantId, "HT-202611-0004", w.id, "2027-03-01", null, { state: 1 });
    expect((await lineClashes(db(), t.tenantId, [{ vehicleId: w.id, from: "2030-01-01", to: "2030-01-02" }])).map((c) => c.number)).toEqual(["HT-202611-0004"]);
    const inner = await lineClashes(db(), t.tenantId, [
      { vehicleId: w.id, from: "2026-01-01", to: "2026-01-10" },
      { vehicleId: w.id, from: "2026-01-10", to: "2026-01-20" },
    ]);
    expect(inner).toEqual([expect.objectContaining({ index: 1, contractId: 0 })]);
  });

  it("sees only its tenant's contracts", async () => {
    const a = await makeTenant();
    const b = await makeTenant();
    const v = await makeVehicle(a.tenantId);
    await booked(a.tenantId, "HT-202611-0001", v.id, "2026-11-01", "2026-11-30", { state: 2 });
    expect(await lineClashes(db(), b.tenantId, [{ vehicleId: v.id, from: "2026-11-01", to: "2026-11-30" }])).toEqual([]);
  });
});

describe("booking a free slot from the availability board", () => {
  it("a new contract opened from the list keeps the slot's vehicle and days, and the form starts with them", async () => {
    const t = await makeTenant({ role: "admin" });
    const v = await makeVehicle(t.tenantId);
    const cookie = await signIn(t.account, t.password);
    const res = await get(`/contractList?new=1&vehicleId=${v.id}&from=2031-03-02&to=2031-03-20&evil=1`, cookie);
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get("Location")!, "http://localhost");
    expect(to.pathname).toBe("/contractList/form");
    expect(Object.fromEntries(to.searchParams)).toEqual({ new: "1", vehicleId: String(v.id), from: "2031-03-02", to: "2031-03-20" });
    const html = await (await get(`${to.pathname}${to.search}`, cookie)).text();
    expect(html).toMatch(/name="lines\[0\]\.onRentOn"[^>]*value="2031-03-02"|value="2031-03-02"[^>]*name="lines\[0\]\.onRentOn"/);
    expect(html).toMatch(/name="lines\[0\]\.offRentOn"[^>]*value="2031-03-20"|value="2031-03-20"[^>]*name="lines\[0\]\.offRentOn"/);
  });
});
