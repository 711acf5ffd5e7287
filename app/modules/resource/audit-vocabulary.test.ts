import { describe, expect, it } from "vitest";
import { actionLabel, entityLabel, fieldLabel, summariseChange, valueLabel } from "./audit-vocabulary.server";

describe("the operation log's summary", () => {
  it("names the changed fields by their labels with old and new values as the screens show them, leaving bookkeeping out", () => {
    expect(summariseChange("menu", { name: "旧", state: 1, version: 1 }, { name: "新", state: 1, version: 2 })).toEqual({ zh: "菜单名称: 旧 → 新", en: "Name: 旧 → 新" });
    expect(summariseChange("menu", { routerPath: null }, { routerPath: "/a" })).toEqual({ zh: "路由路径: — → /a", en: "Route path: — → /a" });
    expect(summariseChange("role", { menus: [1] }, { menus: [1, 2] })).toEqual({ zh: "菜单: [1] → [1,2]", en: "Menus: [1] → [1,2]" });
    // an optional note left blank is no change
    expect(summariseChange("tempCrane", { state: 1 }, { state: 2, note: "" }).zh).toBe("状态: 审批中 → 已通过");
    // a state by its label, not its number
    expect(summariseChange("user", { state: 1 }, { state: 0 })).toEqual({ zh: "状态: 启用 → 停用", en: "State: Enabled → Disabled" });
  });
  it("lists a created or deleted row's filled fields, and cuts long text", () => {
    expect(summariseChange("menu", null, { id: 3, name: "菜单", routerPath: "/x", query: null })).toEqual({ zh: "菜单名称=菜单；路由路径=/x", en: "Name=菜单; Route path=/x" });
    expect(summariseChange("menu", { name: "x" }, null).zh).toBe("菜单名称=x");
    expect(summariseChange("menu", null, null)).toEqual({ zh: "", en: "" });
    const long = summariseChange("role", null, { description: "长".repeat(300) });
    expect(long.zh).toHaveLength(120);
    expect(long.en.endsWith("…")).toBe(true);
  });
  it("an entity or field no declaration names shows as written", () => {
    expect(summariseChange("somethingNew", { fooBar: 1 }, { fooBar: 2 })).toEqual({ zh: "fooBar: 1 → 2", en: "fooBar: 1 → 2" });
  });
});

describe("the audit vocabulary", () => {
  it("calls an entity by its view's singular, or by the names of the ones no view has", () => {
    expect(entityLabel("contract")).toEqual({ zh: "合同", en: "Contract" });
    expect(entityLabel("bill")).toEqual({ zh: "账单", en: "Bill" });
    expect(entityLabel("settings:map").zh).toBe("地图配置");
    expect(entityLabel("settings:other").zh).toBe("设置");
    expect(entityLabel("nobody")).toEqual({ zh: "nobody", en: "nobody" });
  });
  it("calls a transition's action by its button, in both languages", () => {
    expect(actionLabel("contract", "execute")).toEqual({ zh: "执行合同", en: "Put in force" });
    expect(actionLabel(null, "execute")).toEqual({ zh: "执行合同", en: "Put in force" });
    expect(actionLabel("bill", "confirm").zh).toBe("确认");
    expect(actionLabel("contract", "unheardOf")).toEqual({ zh: "unheardOf", en: "unheardOf" });
  });
  it("a field by its form label, a choice by its option", () => {
    expect(fieldLabel("user", "phone")).toEqual({ zh: "手机号", en: "Mobile" });
    expect(valueLabel("user", "state", 0)).toEqual({ zh: "停用", en: "Disabled" });
    expect(valueLabel("user", "state", null).zh).toBe("—");
    expect(valueLabel("user", "phone", "13900000000").en).toBe("13900000000");
  });
});
