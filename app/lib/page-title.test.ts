import { describe, expect, it } from "vitest";
import { pageTitle } from "./page-title";

const rendered = (lang: string) => [{ id: "root", data: { prefs: { lang, theme: "light" } } }, { id: "routes/_app" }];

describe("pageTitle", () => {
  it("names the screen in the language the page is rendered in", () => {
    expect(pageTitle(rendered("zh-CN"), { zh: "工作台", en: "Workbench" })).toBe("Derrick · 工作台");
    expect(pageTitle(rendered("en-US"), { zh: "工作台", en: "Workbench" })).toBe("Derrick · Workbench");
    expect(pageTitle(rendered("en-US"), { zh: "设备详情", en: "Device Details" }, "沪AD0001")).toBe("Derrick · Device Details · 沪AD0001");
  });
  it("is Chinese without the root's data (an error page) and the name alone without a screen", () => {
    expect(pageTitle([], { zh: "工作台", en: "Workbench" })).toBe("Derrick · 工作台");
    expect(pageTitle(rendered("en-US"), undefined)).toBe("Derrick");
  });
});
