import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { hubFor } from "../../workers/fleet-hub/client";
import { makeTenant } from "./helpers";
import { makeVehicle, report, terminalToken } from "./telematics";

/** How far ahead the tenant's hub has set its alarm (ms), or null. */
async function alarmIn(tenantId: number): Promise<number | null> {
  return runInDurableObject(hubFor(env, tenantId), async (_hub, state) => {
    const at = await state.storage.getAlarm();
    return at === null ? null : at - Date.now();
  });
}

describe("FleetHub's alarm after a report", () => {
  it("comes within a second when an event waits for the business database, and only at the next tick otherwise", async () => {
    const t = await makeTenant();
    const v = await makeVehicle(t.tenantId);
    const token = await terminalToken(v);
    // the first report brings the vehicle online: its 'online' event waits in the outbox
    expect((await report(token, [{ seq: 1, t: Date.now() - 2000, lng: 121.47, lat: 31.23, speed: 30 }])).status).toBe(200);
    expect(await alarmIn(t.tenantId)).toBeLessThanOrEqual(1000);
    // it rings: the event goes to the business database, and the next alarm is the tick's
    expect(await runDurableObjectAlarm(hubFor(env, t.tenantId))).toBe(true);
    expect(await alarmIn(t.tenantId)).toBeGreaterThan(20_000);
    // a vehicle already online reporting again: nothing waits, so the hub does not wake every second for it
    expect((await report(token, [{ seq: 2, t: Date.now() - 1000, lng: 121.48, lat: 31.23, speed: 30 }])).status).toBe(200);
    const next = await alarmIn(t.tenantId);
    expect(next).not.toBeNull();
    expect(next!).toBeGreaterThan(20_000);
    // the hub remembers the alarm it set, and still brings it forward when something waits again (an SOS alarm)
    expect((await report(token, [{ seq: 3, t: Date.now() - 500, lng: 121.49, lat: 31.23, speed: 30, alarms: ["sos"] }])).status).toBe(200);
    expect(await alarmIn(t.tenantId)).toBeLessThanOrEqual(1000);
  });
});
