import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { hubFor } from "../../workers/fleet-hub/client";
import { makeTenant, signIn } from "./helpers";
import { makeVehicle, openHub, report, terminalToken } from "./telematics";

const at = (seq: number, t: number, lng = 121.47) => ({ seq, t, lng, lat: 31.23, speed: 30 });

describe("FleetHub waking with sockets still open (hibernation)", () => {
  it("still sends the first new position to a screen left open, before the screen says anything", async () => {
    const t = await makeTenant();
    const v = await makeVehicle(t.tenantId);
    const token = await terminalToken(v);
    const hub = await openHub(await signIn(t.account, t.password));
    hub.send({ type: "watch", vehicles: "all", hz: 10 });
    await hub.next("snapshot");
    // what waking from hibernation leaves: the socket open, the hub's memory of it gone
    await hubFor(env, t.tenantId).forgetSubscribers();
    expect(await hubFor(env, t.tenantId).connections()).toBe(1);
    await report(token, [at(1, Date.now() - 1000, 121.7)]);
    const delta = await hub.next("delta", (d) => d.vehicles.some((x) => x.id === v.id && x.lng === 121.7));
    expect(delta.vehicles.map((x) => x.id)).toEqual([v.id]);
    hub.ws!.close(1000);
  });

  it("answers a screen that speaks first after the sleep with a whole snapshot, not a delta from a forgotten point", async () => {
    const t = await makeTenant();
    const [a, b] = [await makeVehicle(t.tenantId), await makeVehicle(t.tenantId)];
    await report(await terminalToken(a), [at(1, Date.now() - 2000, 121.5)]);
    const hub = await openHub(await signIn(t.account, t.password));
    hub.send({ type: "watch", vehicles: "all", hz: 10 });
    const first = await hub.next("snapshot");
    expect(first.vehicles.map((x) => x.id).sort()).toEqual([a.id, b.id].sort());
    await hubFor(env, t.tenantId).forgetSubscribers();
    // the screen's first word after the sleep is an acknowledgement: the hub no longer knows what the screen has
    hub.send({ type: "ack", seq: first.seq });
    const again = await hub.next("snapshot", (m) => m !== first);
    expect(again.vehicles.find((x) => x.id === a.id)?.lng).toBe(121.5);
    expect(again.vehicles.map((x) => x.id).sort()).toEqual([a.id, b.id].sort());
    hub.ws!.close(1000);
  });
});
