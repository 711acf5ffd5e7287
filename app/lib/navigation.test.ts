import { describe, expect, it } from "vitest";
import { buildMenuTree, closeTab, decodeMenu, encodeMenu, menuTarget, menuTrail, nextBreadcrumb, openTab, type MenuNode } from "./navigation";

const row = (privisId: string, parent: string, routerPath: string | null, extra: Partial<MenuNode> = {}) => ({
  privisId,
  parent,
  name: `zh${privisId}`,
  nameEn: `en${privisId}`,
  privis: `p${privisId}`,
  routerPath,
  sort: Number(privisId),
  type: 5,
  home: false,
  once: false,
  query: null,
  icon: null,
  ...extra,
});

describe("menu tree", () => {
  const tree = buildMenuTree([row("20", "0", null), row("2002", "20", "/b"), row("2001", "20", "/a"), row("10", "0", null), row("1001", "10", "/manageWork", { home: true })]);
  it("puts parent '0' at the top and sorts children", () => {
    expect(tree.map((n) => n.privisId)).toEqual(["10", "20"]);
    expect(tree[1]!.children.map((n) => n.privisId)).toEqual(["2001", "2002"]);
  });
  it("finds the trail to a path, case-insensitively", () => {
    expect(menuTrail(tree, "/B").map((n) => n.privisId)).toEqual(["20", "2002"]);
    expect(menuTrail(tree, "/nowhere")).toEqual([]);
  });
  it("puts a page below a menu path (a tab such as /a/rules) under that item, never under a mere name prefix", () => {
    expect(menuTrail(tree, "/a/rules").map((n) => n.privisId)).toEqual(["20", "2001"]);
    expect(menuTrail(tree, "/ab")).toEqual([]);
  });
});

describe("menu wire format", () => {
  it("gives back every field of every row, flags included", () => {
    const rows = [
      { ...row("1001", "10", "/manageWork", { home: true, query: "a=1", icon: "home" }), hidden: false },
      { ...row("2301", "23", "/detail", { once: true, type: 3 }), hidden: true },
      { ...row("23", "0", null), hidden: false },
    ];
    // the page's language names an item in both fields; everything else comes back as it was
    expect(decodeMenu(encodeMenu(rows, "en-US"))).toEqual(rows.map((r) => ({ ...r, name: r.nameEn })));
    expect(decodeMenu(encodeMenu(rows, "zh-CN"))).toEqual(rows.map((r) => ({ ...r, nameEn: r.name })));
    expect(JSON.stringify(encodeMenu(rows, "zh-CN")).length).toBeLessThan(JSON.stringify(rows).length / 2);
  });
  it("keeps ids that are not plain numbers and paths that are not /<privis> as they are", () => {
    const rows = [
      { ...row("0012", "A1", "/elsewhere"), hidden: false },
      { ...row("7", "0", "/p7"), hidden: false },
    ];
    expect(encodeMenu(rows, "zh-CN").map((w) => [w[0], w[1], w[4]])).toEqual([["0012", "A1", "/elsewhere"], [7, 0, 0]]);
    expect(decodeMenu(encodeMenu(rows, "zh-CN"))).toEqual(rows.map((r) => ({ ...r, nameEn: r.name })));
  });
});

describe("menu targets (spec §2)", () => {
  const screens = buildMenuTree([row("30", "0", null), row("3221", "30", "/customerScreen"), row("3222", "30", "/windScreenOwner"), row("3223", "30", "/towerScreen")])[0]!;
  it("item 30 opens its first child's path in a new window", () => {
    expect(menuTarget(screens)).toEqual({ kind: "window", path: "/customerScreen" });
  });
  it("item 30 without children falls back to /customerScreen", () => {
    expect(menuTarget({ ...screens, children: [] })).toEqual({ kind: "window", path: "/customerScreen" });
  });
  it("children of 30 open new windows, except 3222", () => {
    expect(menuTarget(screens.children[2]!, "30")).toEqual({ kind: "window", path: "/towerScreen" });
    expect(menuTarget(screens.children[1]!, "30")).toEqual({ kind: "route", path: "/windScreenOwner" });
  });
  it("4001 and 4002 fetch their tokens first", () => {
    expect(menuTarget({ ...row("4001", "0", "/x"), children: [] })).toMatchObject({ kind: "token", tokenUrl: "/api/hzzbGetToken", path: "/hwcloud/#/project-management" });
    expect(menuTarget({ ...row("4002", "0", "/partner"), children: [] })).toMatchObject({ kind: "token", tokenUrl: "/api/hzzbGetToken2", path: "/partner" });
  });
  it("the home item opens manageWork; a query is appended", () => {
    expect(menuTarget({ ...row("5", "0", "/main", { home: true }), children: [] })).toEqual({ kind: "route", path: "/manageWork" });
    expect(menuTarget({ ...row("6", "0", "/list", { query: "a=1" }), children: [] })).toEqual({ kind: "route", path: "/list?a=1" });
  });
});

describe("tabs (spec §4)", () => {
  it("adds a new item and makes it active", () => {
    const r = openTab([], row("2001", "20", "/a", { query: "x=1" }));
    expect(r).toEqual({ tabs: [{ privisId: "2001", path: "/a", query: "x=1" }], active: "2001" });
  });
  it("does not add twice, nor item '1', nor the home item", () => {
    const tabs = [{ privisId: "2001", path: "/a", query: "" }];
    expect(openTab(tabs, row("2001", "20", "/a")).tabs).toHaveLength(1);
    expect(openTab(tabs, row("1", "0", "/one")).tabs).toHaveLength(1);
    expect(openTab(tabs, row("1001", "10", "/manageWork", { home: true })).tabs).toHaveLength(1);
  });
  it("the stored copy drops a one-time query", () => {
    expect(openTab([], row("2001", "20", "/a", { query: "id=9", once: true })).tabs[0]!.query).toBe("");
  });
  it("closing the active tab activates the right neighbour, else the left", () => {
    const tabs = ["a", "b", "c"].map((id) => ({ privisId: id, path: `/${id}`, query: "" }));
    expect(closeTab(tabs, "b", "b").active).toBe("c");
    expect(closeTab(tabs, "c", "c").active).toBe("b");
    expect(closeTab(tabs, "a", "c")).toEqual({ tabs: tabs.slice(1), active: "c" });
    expect(closeTab(tabs.slice(0, 1), "a", "a").active).toBeNull();
  });
});

describe("breadcrumb types (spec §4)", () => {
  const a = { privisId: "a", path: "/a" };
  const b = { privisId: "b", path: "/b" };
  const c = { privisId: "c", path: "/c" };
  it("0 or none clears", () => {
    expect(nextBreadcrumb([a, b], [], c, 0)).toEqual([]);
    expect(nextBreadcrumb([a, b], [], c, undefined)).toEqual([]);
  });
  it("1 appends to the cached breadcrumb", () => expect(nextBreadcrumb([a], [b], c, 1)).toEqual([b, c]));
  it("2 appends to the current trail", () => expect(nextBreadcrumb([a, b], [], c, 2)).toEqual([a, b, c]));
  it("3 removes the last when more than one", () => {
    expect(nextBreadcrumb([a, b], [], c, 3)).toEqual([a]);
    expect(nextBreadcrumb([a], [], c, 3)).toEqual([a]);
  });
  it("4 replaces the last when more than one, else appends", () => {
    expect(nextBreadcrumb([a, b], [], c, 4)).toEqual([a, c]);
    expect(nextBreadcrumb([a], [], c, 4)).toEqual([a, c]);
  });
  it("5 resets to this item", () => expect(nextBreadcrumb([a, b], [b], c, 5)).toEqual([c]));
});
