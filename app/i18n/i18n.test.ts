import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
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

describe("memoised translations", () => {
  // the misses these tests ask for on purpose are warned about (missing-texts.ts)
  beforeEach(() => void vi.spyOn(console, "warn").mockImplementation(() => {}));
  afterEach(() => vi.restoreAllMocks());

  async function instance(lng: "zh-CN" | "en-US") {
    const { createInstance } = await import("i18next");
    const { i18nConfig, memoizeLanguageHierarchy, memoizeTranslations } = await import("./index");
    const i18n = createInstance();
    await i18n.init({ ...i18nConfig, resources: { "zh-CN": { ...resources["zh-CN"] }, "en-US": { ...resources["en-US"] } }, lng, initImmediate: false });
    memoizeLanguageHierarchy(i18n);
    memoizeTranslations(i18n);
    return i18n;
  }

  it("give the same texts as i18next, in each language, with values and counts still filled in", async () => {
    const zh = await instance("zh-CN");
    const t = zh.getFixedT("zh-CN", "common");
    for (let i = 0; i < 2; i++) expect(t("sessionExpired")).toBe("会话失效,请重新登录");
    expect(zh.getFixedT("en-US", "common")("sessionExpired")).toBe(resources["en-US"].common.sessionExpired);
    // react-i18next's t names no language: the instance's current one counts, also after a switch
    const current = zh.getFixedT(null, "common");
    expect(current("sessionExpired")).toBe("会话失效,请重新登录");
    await zh.changeLanguage("en-US");
    expect(current("sessionExpired")).toBe(resources["en-US"].common.sessionExpired);
    const workbench = zh.getFixedT("zh-CN", "workbench");
    expect(workbench("home.welcome" as never, { name: "张敏" } as never)).toBe("欢迎回来，张敏");
    expect(workbench("home.welcome" as never, { name: "王建国" } as never)).toBe("欢迎回来，王建国");
    const widgets = zh.getFixedT("zh-CN", "widgets");
    expect(widgets("calendar.registrations" as never, { count: 3 } as never)).toBe("3条出车登记");
    expect(widgets("calendar.registrations" as never, { count: 5 } as never)).toBe("5条出车登记");
  });

  it("fill in values exactly as i18next does, for every text of both languages", async () => {
    const { createInstance } = await import("i18next");
    const { i18nConfig } = await import("./index");
    for (const lng of ["zh-CN", "en-US"] as const) {
      const memo = await instance(lng);
      const plain = createInstance();
      await plain.init({ ...i18nConfig, resources, lng, initImmediate: false });
      let checked = 0;
      type T = (key: string, values?: object) => string;
      const tOf = (i18n: unknown, l: string | null, n: string) => (i18n as { getFixedT(l: string | null, n: string): T }).getFixedT(l, n);
      for (const ns of Object.keys(resources[lng])) {
        for (const key of leaves(resources[lng][ns as keyof (typeof resources)[typeof lng]] as object)) {
          const text = tOf(plain, lng, ns)(key);
          const names = [...text.matchAll(/\{\{([^{}]*)\}\}/g)].map((m) => m[1]!.trim());
          const values = Object.fromEntries(names.map((n, i) => [n, i % 2 ? i * 7 : `值${i}<b>`]));
          for (let round = 0; round < 2; round++) {
            expect(tOf(memo, lng, ns)(key, values), `${lng} ${ns}:${key}`).toBe(tOf(plain, lng, ns)(key, values));
            expect(tOf(memo, null, ns)(key, values)).toBe(tOf(plain, null, ns)(key, values));
          }
          checked += names.length ? 1 : 0;
        }
      }
      expect(checked).toBeGreaterThan(50);
    }
  });

  it("record a key that names no text each time it is asked, but not one asked with a defaultValue", async () => {
    const { takeMissingTexts } = await import("./missing-texts");
    const i18n = await instance("en-US");
    takeMissingTexts();
    const t = i18n.getFixedT("en-US", "workflow") as unknown as (key: string, options?: object) => string;
    for (let i = 0; i < 2; i++) {
      expect(t("flows.noSuchText")).toBe("flows.noSuchText");
      expect(takeMissingTexts()).toEqual(["en-US workflow:flows.noSuchText"]);
    }
    expect(t("flows.title")).toBe(resources["en-US"].workflow.flows.title);
    expect(t("kinds.noSuchKind", { defaultValue: "noSuchKind" })).toBe("noSuchKind");
    expect((i18n.t as unknown as (key: string) => string)("contracts:noSuchText")).toBe("noSuchText");
    expect(takeMissingTexts()).toEqual(["en-US contracts:noSuchText"]);
    expect(console.warn).toHaveBeenCalledWith("no text for en-US contracts:noSuchText");
  });

  it("see texts added after a first miss (a screen's namespace arriving in the browser)", async () => {
    const i18n = await instance("en-US");
    const t = i18n.getFixedT("en-US", "later" as never) as unknown as (key: string) => string;
    expect(t("title")).toBe("title");
    i18n.addResourceBundle("en-US", "later", { title: "Arrived" });
    expect(t("title")).toBe("Arrived");
    i18n.removeResourceBundle("en-US", "later");
    expect(t("title")).toBe("title");
  });

  it("answer a key without options and whether a key exists as i18next does, after a language switch and texts arriving too", async () => {
    // how useMessage asks: exists(key), then t(key) with no options at all (untyped: a key that names no text too)
    const i18n = await instance("zh-CN");
    const t = (key: string) => (i18n.t as unknown as (key: string) => string)(key);
    const exists = (key: string) => i18n.exists(key);
    for (let i = 0; i < 2; i++) {
      expect(exists("sessionExpired")).toBe(true);
      expect(t("sessionExpired")).toBe("会话失效,请重新登录");
      expect(t("contractFlow:execute")).toBe(resources["zh-CN"].contractFlow.execute);
      expect(exists("contracts:noSuchText")).toBe(false);
    }
    await i18n.changeLanguage("en-US");
    expect(t("sessionExpired")).toBe(resources["en-US"].common.sessionExpired);
    expect(exists("later:title")).toBe(false);
    i18n.addResourceBundle("en-US", "later", { title: "Arrived" });
    expect(exists("later:title")).toBe(true);
    expect(t("later:title")).toBe("Arrived");
    expect(i18n.hasLoadedNamespace("later")).toBe(true);
    i18n.removeResourceBundle("en-US", "later");
    expect(exists("later:title")).toBe(false);
    expect(t("later:title")).toBe("title");
  });
});
