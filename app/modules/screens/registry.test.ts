import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { findScreen, SCREEN_GROUPS, SCREENS } from "./registry";

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
