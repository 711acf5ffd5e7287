import { describe, expect, it } from "vitest";
import type { VehicleLive } from "../../../workers/fleet-hub/protocol";
import { LiveStore } from "./live-store";

const vehicle = (id: number, extra: Partial<VehicleLive> = {}): VehicleLive => ({
  id,
  plate: `沪A0000${id}`,
  orgId: 1,
  modelId: null,
  terminalNo: `T00000000${id}`,
  selfNo: null,
  status: "stopped",
  alarm: false,
  t: 1_000,
  seen: 1_000,
  lng: 121.4,
  lat: 31.2,
  speed: 0,
  heading: null,
  acc: null,
  mileage: null,
  fuel: null,
  rpm: null,
  torque: null,
  urea: null,
  exhaustTemp: null,
  battery: null,
  lock: null,
  faults: [],
  ...extra,
});
const counts = { total: 2, running: 0, stopped: 2, offline: 0, alarm: 0 };

describe("LiveStore", () => {
  it("takes a snapshot: vehicles, counts and the seq to acknowledge; drops vehicles the snapshot no longer has", () => {
    const store = new LiveStore();
    expect(store.apply({ type: "snapshot", seq: 7, vehicles: [vehicle(1), vehicle(2), vehicle(3)], counts })).toBe(7);
    expect(store.vehicles.size).toBe(3);
    expect(store.counts).toEqual(counts);
    expect(store.seq).toBe(7);
    expect(store.drainChanged()).toBe("all");
    store.apply({ type: "snapshot", seq: 9, vehicles: [vehicle(1), vehicle(3)] });
    expect([...store.vehicles.keys()]).toEqual([1, 3]);
    expect(store.seq).toBe(9);
  });

  it("applies a delta's packed moves and changed fields in place, and reports only those ids to the map", () => {
    const store = new LiveStore();
    store.apply({ type: "snapshot", seq: 1, vehicles: [vehicle(1), vehicle(2)], counts });
    store.drainChanged();
    const before = store.get(1);
    const at = 1_700_000_000_000;
    const ack = store.apply({ type: "delta", seq: 2, vehicles: [{ id: 2, mileage: 12034.5 }], pos: [1, 121_473_712, 31_230_412, 42, 91, 3], at });
    expect(ack).toBe(2);
    const v1 = store.get(1)!;
    expect(v1).toBe(before); // mutated, not replaced
    expect(v1).toMatchObject({ lng: 121.473712, lat: 31.230412, speed: 42, heading: 91, t: at - 3000, seen: at, plate: "沪A00001" });
    expect(store.get(2)).toMatchObject({ mileage: 12034.5, lng: 121.4 });
    expect(store.drainChanged()).toEqual(new Set([1, 2]));
    expect(store.drainChanged()).toEqual(new Set());
    expect(store.revOf(1)).toBeGreaterThan(0);
  });

  it("moves the status version only for status, alarm, membership and counts changes", () => {
    const store = new LiveStore();
    store.apply({ type: "snapshot", seq: 1, vehicles: [vehicle(1)] });
    const s0 = store.statusVersion;
    store.apply({ type: "delta", seq: 2, vehicles: [], pos: [1, 121_000_000, 31_000_000, 10, -1, 0], at: 5_000 });
    expect(store.statusVersion).toBe(s0);
    expect(store.get(1)!.heading).toBeNull();
    store.apply({ type: "delta", seq: 3, vehicles: [{ id: 1, status: "running" }] });
    expect(store.statusVersion).toBe(s0 + 1);
    store.apply({ type: "delta", seq: 4, vehicles: [{ id: 5, plate: "沪B5", status: "offline" }], counts: { ...counts, total: 2 } });
    expect(store.statusVersion).toBe(s0 + 2);
    expect(store.get(5)).toMatchObject({ plate: "沪B5", status: "offline", lng: null });
    store.apply({ type: "delta", seq: 5, vehicles: [], gone: [5] });
    expect(store.get(5)).toBeUndefined();
    expect(store.statusVersion).toBe(s0 + 3);
  });

  it("remembers the last seq across messages for a resume, and keeps counts until new ones arrive", () => {
    const store = new LiveStore();
    expect(store.seq).toBeNull();
    store.apply({ type: "hello", tenantId: 1, userId: 2 });
    store.apply({ type: "snapshot", seq: 10, vehicles: [vehicle(1)], counts });
    store.apply({ type: "delta", seq: 11, vehicles: [{ id: 1, speed: 30 }] });
    expect(store.seq).toBe(11);
    expect(store.counts).toEqual(counts);
    store.apply({ type: "delta", seq: 12, vehicles: [], counts: { ...counts, running: 1, stopped: 1 } });
    expect(store.counts!.running).toBe(1);
    expect(store.apply({ type: "pong" })).toBeNull();
    expect(store.seq).toBe(12);
    expect(store.hello).toEqual({ tenantId: 1, userId: 2 });
  });

  it("notifies subscribers once per message and keeps the hub's error until the next snapshot", () => {
    const store = new LiveStore();
    let calls = 0;
    const off = store.subscribe(() => calls++);
    const v0 = store.getVersion();
    store.apply({ type: "error", message: "invalid message" });
    expect(store.error).toBe("invalid message");
    store.apply({ type: "delta", seq: 1, vehicles: [{ id: 1, speed: 1 }, { id: 2, speed: 2 }] });
    expect(calls).toBe(2);
    expect(store.getVersion()).toBe(v0 + 2);
    store.setConnection("open");
    store.setConnection("open");
    expect(calls).toBe(3);
    store.apply({ type: "snapshot", seq: 2, vehicles: [] });
    expect(store.error).toBeNull();
    off();
    store.apply({ type: "delta", seq: 3, vehicles: [] });
    expect(calls).toBe(4);
  });

  it("applies 5,000 moving vehicles in a few milliseconds a frame", () => {
    const store = new LiveStore();
    store.apply({ type: "snapshot", seq: 1, vehicles: Array.from({ length: 5000 }, (_, i) => vehicle(i + 1)) });
    store.drainChanged();
    const pos: number[] = [];
    for (let i = 1; i <= 5000; i++) pos.push(i, 121_000_000 + i, 31_000_000 + i, 40, 90, 1);
    const started = performance.now();
    for (let f = 0; f < 10; f++) store.apply({ type: "delta", seq: 2 + f, vehicles: [], pos, at: 10_000 + f });
    const perFrame = (performance.now() - started) / 10;
    expect(store.drainChanged()).toHaveProperty("size", 5000);
    expect(perFrame).toBeLessThan(50);
  });
});

describe("LiveStore.mergeDetail", () => {
  it("takes the telemetry a map watch lacks but keeps the fresher live position", () => {
    const store = new LiveStore();
    store.apply({ type: "snapshot", seq: 1, vehicles: [vehicle(1, { lng: 121.5, speed: 30 })] });
    store.mergeDetail(vehicle(1, { lng: 120, speed: 10, mileage: 88.5, rpm: 1400, faults: [{ spn: 110, fmi: 0, count: 1 }] }));
    expect(store.get(1)).toMatchObject({ lng: 121.5, speed: 30, mileage: 88.5, rpm: 1400 });
    expect(store.get(1)!.faults).toHaveLength(1);
  });
});

describe("a vehicle that arrives as moves only", () => {
  it("takes its archive fields fetched apart, and the tree hears of it", () => {
    const store = new LiveStore();
    store.apply({ type: "snapshot", seq: 1, vehicles: [vehicle(1)] });
    store.apply({ type: "delta", seq: 2, vehicles: [{ id: 9, lng: 121.5, lat: 31.3, status: "running" }] });
    expect(store.get(9)).toMatchObject({ plate: "", orgId: null });
    const version = store.statusVersion;
    store.mergeArchive(vehicle(9, { orgId: 3 }));
    expect(store.get(9)).toMatchObject({ plate: "沪A00009", orgId: 3, lng: 121.5, status: "running" });
    expect(store.statusVersion).toBeGreaterThan(version);
  });
});
