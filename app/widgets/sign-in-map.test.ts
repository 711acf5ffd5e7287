import i18next from "i18next";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { describe, expect, it } from "vitest";
import { resources } from "~/i18n/resources";
import { SignInMap } from "./sign-in-map";

async function render(lang: "zh-CN" | "en-US", props: Partial<Parameters<typeof SignInMap>[0]> = {}) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: lang, resources, ns: ["maps", "widgets"], defaultNS: "maps", interpolation: { escapeValue: false } });
  return renderToString(h(I18nextProvider, { i18n }, h(SignInMap, { names: { lng: "lng", lat: "lat", address: "location", signRange: "signRange" }, legend: "签到", ...props })));
}
const tag = (html: string, name: string) => new RegExp(`<(input|select)[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "";

// Spec §2 sign-in map, before JavaScript: the values post with the form; the map dialog needs JavaScript.
describe("sign-in map on the server", () => {
  it("posts the point, an editable address and the range, 100 m unless told, with 请选择 and the spec's radii", async () => {
    const html = await render("zh-CN");
    expect(tag(html, "lng")).toContain('type="hidden"');
    expect(tag(html, "lat")).toContain('type="hidden"');
    expect(tag(html, "location")).not.toContain("hidden");
    expect(html).toContain("签到范围");
    expect(html).toMatch(/<option value="" disabled="">请选择<\/option>/);
    const options = [...html.matchAll(/<option value="(\d+)"[^>]*>([^<]+)<\/option>/g)].map((m) => [m[1], m[2]]);
    expect(options).toEqual([100, 200, 300, 500, 1000, 2000].map((r) => [String(r), `${r} 米`]));
    expect(html).toMatch(/<option value="100" selected="">100 米<\/option>/);
    expect(html).toContain("尚未设置签到地点");
    // without JavaScript there is no button that would do nothing
    expect(html).not.toContain("<button");
  });

  it("shows a saved place and range in English", async () => {
    const html = await render("en-US", { defaultValue: { lng: "121.4737", lat: "31.2304", address: "People's Avenue", signRange: "500" } });
    expect(tag(html, "lng")).toContain('value="121.4737"');
    expect(tag(html, "location")).toContain(`value="People&#x27;s Avenue"`);
    expect(html).toMatch(/<option value="500" selected="">500 m<\/option>/);
    expect(html).toContain("Sign-in range");
    expect(html).toContain("Longitude 121.4737");
  });
});
