import { describe, expect, it } from "vitest";
import { checkArea, liveTreeVehicles, matchesSearch, matchesStatus, NO_ORG, onlineBucket, startOfTenantDay as startOfChinaDay, treeRows, type MonitorOrg, type MonitorVehicle } from "./monitor";

const orgs: MonitorOrg[] = [
  { id: 1, parentId: null, name: "总部" },
  { id: 2, parentId: 1, name: "华东" },
  { id: 3, parentId: 1, name: "华南" },
];
const vehicles: MonitorVehicle[] = [
  [10, "沪A10001", "T000000010", "S10", 2, null],
  [11, "沪A10002", "T000000011", null, 2, null],
  [12, "粤B20001", "T000000012", "S12", 3, null],
  [13, "京C30001", "T000000013", null, null, null],
];

describe("treeRows", () => {
  it("lists organisations with their vehicles and counts, vehicles without one in their own group", () => {
    const rows = treeRows(orgs, vehicles, () => true, new Set());
    expect(rows.map((r) => (r.kind === "org" ? `o${r.id}:${r.count}` : `v${r.id}`))).toEqual(["o1:3", "o2:2", "v10", "v11", "o3:1", "v12", `o${NO_ORG}:1`, "v13"]);
    expect(rows.find((r) => r.kind === "vehicle" && r.id === 10)!.depth).toBe(2);
  });

  it("leaves out organisations without a match and hides the inside of collapsed ones", () => {
    const rows = treeRows(orgs, vehicles, (v) => matchesSearch(v, "s12"), new Set());
    expect(rows.map((r) => `${r.kind}${r.id}`)).toEqual(["org1", "org3", "vehicle12"]);
    expect(treeRows(orgs, vehicles, () => true, new Set([2])).map((r) => `${r.kind}${r.id}`)).toEqual(["org1", "org2", "org3", "vehicle12", "org0", "vehicle13"]);
  });
});

describe("filters", () => {
  it("searches plate, terminal number and self number, ignoring case", () => {
    expect(matchesSearch(vehicles[0]!, "a1000")).toBe(true);
    expect(matchesSearch(vehicles[0]!, "t000000010")).toBe(true);
    expect(matchesSearch(vehicles[0]!, "s10")).toBe(true);
    expect(matchesSearch(vehicles[1]!, "s10")).toBe(false);
  });
  it("counts never-reported and unknown vehicles as offline", () => {
    expect(matchesStatus("never", "offline")).toBe(true);
    expect(matchesStatus(undefined, "offline")).toBe(true);
    expect(matchesStatus("running", "stopped")).toBe(false);
    expect(matchesStatus("stopped", "all")).toBe(true);
  });
});

describe("checkArea", () => {
  const ok = { lng: 121.47, lat: 31.23, radiusM: 10000, from: 0, to: 7 * 86_400_000 };
  it("takes a circle of 10000 m over 7 days", () => expect(checkArea(ok)).toEqual(ok));
  it("refuses a radius over 10000 m, a range over 7 days, a backward range, a bad centre", () => {
    expect(checkArea({ ...ok, radiusM: 10001 })).toEqual({ error: "area.errors.radius" });
    expect(checkArea({ ...ok, to: ok.to + 1 })).toEqual({ error: "area.errors.range" });
    expect(checkArea({ ...ok, from: ok.to })).toEqual({ error: "area.errors.order" });
    expect(checkArea({ ...ok, from: Number.NaN })).toEqual({ error: "area.errors.order" });
    expect(checkArea({ ...ok, lat: 91 })).toEqual({ error: "area.errors.centre" });
  });
});

describe("online buckets (spec §9)", () => {
  const now = Date.parse("2026-11-23T10:00:00+08:00");
  const today = startOfChinaDay(now);
  it("starts the day at midnight China time", () => expect(today).toBe(Date.parse("2026-11-23T00:00:00+08:00")));
  it("within 1 minute, same day, within 7 days, over 7 days, never", () => {
    expect(onlineBucket(now - 30_000, now, today)).toBe("minute");
    expect(onlineBucket(now - 3600_000, now, today)).toBe("today");
    expect(onlineBucket(now - 3 * 86_400_000, now, today)).toBe("week");
    expect(onlineBucket(now - 8 * 86_400_000, now, today)).toBe("over7");
    expect(onlineBucket(null, now, today)).toBe("never");
  });
});

describe("liveTreeVehicles", () => {
  const live = (v: MonitorVehicle) => ({ id: v[0], plate: v[1], terminalNo: v[2], selfNo: v[3], orgId: v[4], modelId: v[5] });
  it("is the loaded list until the hub's snapshot, then the hub's vehicles: newcomers join, removed ones leave", () => {
    expect(liveTreeVehicles(vehicles, null)).toBe(vehicles);
    const same = new Map(vehicles.map((v) => [v[0], live(v)]));
    expect(liveTreeVehicles(vehicles, same)).toBe(vehicles);
    const grown = new Map(same);
    grown.set(20, live([20, "沪A99999", "T000000020", null, 3, null]));
    grown.delete(13);
    const tree = liveTreeVehicles(vehicles, grown);
    expect(tree.map((v) => v[0])).toEqual([10, 11, 12, 20]);
    const rows = treeRows(orgs, tree, () => true, new Set());
    expect(rows.filter((r) => r.kind === "org").map((r) => (r.kind === "org" ? `o${r.id}:${r.count}` : ""))).toEqual(["o1:4", "o2:2", "o3:2"]);
  });
});
