import { describe, expect, it } from "vitest";
import { withScreenTexts } from "./screen-texts";

describe("withScreenTexts", () => {
  it("joins a screen's keys into a shell namespace of the same name without dropping the shell's", () => {
    const shell = { system: { user: { name: "用户名" } }, common: { ok: "确定" } };
    const joined = withScreenTexts(shell, { system: { role: { inUse: "角色已被使用" } }, leads: { title: "商机" } });
    expect(joined).toEqual({ system: { user: { name: "用户名" }, role: { inUse: "角色已被使用" } }, common: { ok: "确定" }, leads: { title: "商机" } });
    expect(shell.system).toEqual({ user: { name: "用户名" } });
  });
});
