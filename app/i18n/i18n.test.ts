import { describe, expect, it } from "vitest";
import { SCREEN_GROUPS, SCREENS } from "~/modules/screens/registry";
import { pickLanguage } from "./index";
import { resources } from "./resources";

function leaves(obj: object, prefix = ""): string[] {
  return Object.entries(obj).flatMap(([k, v]) => (typeof v === "string" ? [`${prefix}${k}`] : leaves(v as object, `${prefix}${k}.`)));
}

describe("language choice (spec §1)", () => {
  it("uses the stored choice first", () => {
    expect(pickLanguage("en-US", "zh-CN,zh;q=0.9")).toBe("en-US");
    expect(pickLanguage("zh-CN", "en-US")).toBe("zh-CN");
  });
  it("else Chinese when the browser language contains zh, else English", () => {
    expect(pickLanguage(null, "zh-TW,en;q=0.5")).toBe("zh-CN");
    expect(pickLanguage(undefined, "en-GB,en;q=0.9")).toBe("en-US");
    expect(pickLanguage("fr", null)).toBe("en-US");
  });
});

describe("resources", () => {
  it("have the same keys in both languages", () => {
    for (const ns of ["common", "auth", "screens"] as const) {
      expect(leaves(resources["en-US"][ns]).sort()).toEqual(leaves(resources["zh-CN"][ns]).sort());
    }
  });
  it("quote the spec's Chinese messages exactly", () => {
    const zh = resources["zh-CN"].common;
    expect(zh.sessionExpired).toBe("会话失效,请重新登录");
    expect(zh.forbiddenTitle).toBe("权限不足！");
    expect(zh.serverError).toBe("服务异常，请稍后重试");
    expect(zh.operationSuccess).toBe("操作成功！");
  });
  it("give every screen and group an English title that is not the Chinese one", () => {
    for (const s of SCREENS) {
      expect(s.en.trim(), s.path).not.toBe("");
      expect(s.en, s.path).not.toBe(s.zh);
      expect(s.en, s.path).toMatch(/^[\x20-\x7E]+$/);
      expect(s.zh, s.path).toMatch(/[\u4e00-\u9fa5]/);
    }
    for (const g of SCREEN_GROUPS) expect(g.en).toMatch(/^[\x20-\x7E]+$/);
  });
});
