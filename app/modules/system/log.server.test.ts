import { describe, expect, it } from "vitest";
import { summariseChange } from "./log.server";

describe("the operation log's summary", () => {
  it("names the changed fields with old and new values, leaving bookkeeping out", () => {
    expect(summariseChange({ name: "旧", state: 1, version: 1 }, { name: "新", state: 1, version: 2 })).toBe("name: 旧 → 新");
    expect(summariseChange({ routerPath: null }, { routerPath: "/a" })).toBe("routerPath: — → /a");
    expect(summariseChange({ menus: [1] }, { menus: [1, 2] })).toBe("menus: [1] → [1,2]");
  });
  it("lists a created or deleted row's filled fields, and cuts long text", () => {
    expect(summariseChange(null, { id: 3, name: "菜单", parent: "0", query: null })).toBe("name=菜单; parent=0");
    expect(summariseChange({ name: "x" }, null)).toBe("name=x");
    expect(summariseChange(null, null)).toBe("");
    const long = summariseChange(null, { description: "长".repeat(300) });
    expect(long).toHaveLength(120);
    expect(long.endsWith("…")).toBe(true);
  });
});
