import { describe, expect, it } from "vitest";
import { unpackPositions } from "../../workers/fleet-hub/protocol";
import { makeTenant, signIn } from "./helpers";
import { makeVehicle, openHub, report, terminalToken } from "./telematics";

describe("a map watch", () => {
  it("sends moves packed in `pos` and only map fields, except for the vehicles in `detail`", async () => {
    const t = await makeTenant();
    const onMap = await makeVehicle(t.tenantId);
    const followed = await makeVehicle(t.tenantId);
    const hub = await openHub(await signIn(t.account, t.password));
    hub.send({ type: "watch", vehicles: "all", fields: "map", detail: [followed.id], hz: 10 });
    const snapshot = await hub.next("snapshot");
    expect(snapshot.vehicles.map((v) => v.id).sort()).toEqual([onMap.id, followed.id].sort());
    const now = Date.now() - 2000;
    const point = { seq: 1, t: now, lng: 121.473712, lat: 31.230412, speed: 42.4, heading: 91, mileage: 12034.5, fuel: 63, rpm: 1500 };
    await report(await terminalToken(onMap), [point]);
    await report(await terminalToken(followed), [point]);
    const moves = new Map<number, Record<string, unknown>>();
    const full = new Map<number, Record<string, unknown>>();
    while (moves.size < 1 || full.size < 1) {
      const delta = await hub.next("delta");
      hub.send({ type: "ack", seq: delta.seq });
      if (delta.pos) for (const m of unpackPositions(delta.pos, delta.at!)) moves.set(m.id, m);
      for (const v of delta.vehicles) (v.mileage !== undefined ? full : moves).set(v.id, { ...moves.get(v.id), ...v });
    }
    // the map vehicle: position, whole km/h, heading and age packed; no telemetry beyond the map's fields
    const m = moves.get(onMap.id)!;
    expect(m).toMatchObject({ lng: 121.473712, lat: 31.230412, speed: 42, heading: 91 });
    expect(Math.abs((m.t as number) - now)).toBeLessThanOrEqual(1000);
    expect(m.mileage).toBeUndefined();
    expect(m.rpm).toBeUndefined();
    // the followed vehicle: every field, exact
    expect(full.get(followed.id)).toMatchObject({ lng: 121.473712, speed: 42.4, mileage: 12034.5, fuel: 63, rpm: 1500, t: now });
    expect(moves.has(followed.id)).toBe(false);
    hub.ws!.close(1000);
  });

  it("refuses a detail list that is not a short list of ids", async () => {
    const t = await makeTenant();
    const hub = await openHub(await signIn(t.account, t.password));
    hub.send({ type: "watch", vehicles: "all", fields: "map", detail: Array.from({ length: 51 }, (_, i) => i + 1) });
    expect((await hub.next("error")).message).toBe("invalid message");
    hub.send({ type: "watch", fields: "some" });
    expect((await hub.next("error")).message).toBe("invalid message");
    hub.ws!.close(1000);
  });
});
