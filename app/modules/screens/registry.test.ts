import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EXTRA_PERMISSION_ACTIONS } from "~/modules/system/role.resource";
import { findScreen, SCREEN_GROUPS, SCREENS } from "./registry";
import { SPEC_SCREENS } from "./spec-screens";

const SPEC = new URL("../../../../shared/spec/product-spec.md", import.meta.url);

describe("screen registry", () => {
  it("has unique paths and menu ids, and groups that exist", () => {
    expect(new Set(SCREENS.map((s) => s.path.toLowerCase())).size).toBe(SCREENS.length);
    const ids = [...SCREENS.map((s) => s.privisId), ...SCREEN_GROUPS.map((g) => g.privisId)];
    expect(new Set(ids).size).toBe(ids.length);
    const groups = new Set(SCREEN_GROUPS.map((g) => g.key));
    for (const s of SCREENS) expect(groups.has(s.group), s.path).toBe(true);
  });
  it("keeps the ids the menu rules depend on", () => {
    expect(SCREEN_GROUPS.find((g) => g.key === "bigScreen")?.privisId).toBe("30");
    expect(findScreen("/customerScreen")?.privisId).toBe("3221");
    expect(findScreen("/windScreenOwner")?.privisId).toBe("3222");
  });
  it("gathers what each domain declares in its screens.ts: its own screens in their group, and its function codes", () => {
    // 设备调拨 is not a spec screen: app/modules/transfers/screens.ts adds it, built, after the device group's last
    const transfer = findScreen("/equipmentTransfer");
    expect(transfer).toMatchObject({ group: "device", privisId: "1418", status: "built" });
    expect(SPEC_SCREENS.some((s) => s.path === "/equipmentTransfer")).toBe(false);
    const at = SCREENS.indexOf(transfer!);
    expect(SCREENS[at - 1]!.group).toBe("device");
    expect(SCREENS[at + 1]!.group).not.toBe("device");
    expect(EXTRA_PERMISSION_ACTIONS.equipmentTransfer?.map((a) => a.key)).toEqual(["approve"]);
    // every spec screen is kept
    const paths = new Set(SCREENS.map((s) => s.path));
    expect(SPEC_SCREENS.filter((s) => !paths.has(s.path))).toEqual([]);
  });
  it("finds screens case-insensitively and with parameters", () => {
    expect(findScreen("/contractlist")?.path).toBe("/contractList");
    expect(findScreen("/replayDetail/42")?.path).toBe("/replayDetail/:id");
    expect(findScreen("/applicationManage/form/")?.path).toBe("/applicationManage/form");
    expect(findScreen("/no-such-screen")).toBeUndefined();
  });
  it.skipIf(!existsSync(SPEC))("lists every route of spec §2", () => {
    const section = readFileSync(SPEC, "utf8").split("## 2. Screens and routes")[1]!.split("### Routing rules")[0]!;
    const paths = [...section.matchAll(/(\/[A-Za-z][A-Za-z0-9\-/{}]*)/g)].map((m) => m[1]!.replace("{id}", ":id").replace(/\/$/, ""));
    const missing = [...new Set(paths)].filter((p) => !findScreen(p.replace(":id", "1")));
    expect(missing).toEqual([]);
  });
});
