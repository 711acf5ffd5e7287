import i18next from "i18next";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { resources } from "~/i18n/resources";
import { MapPicker } from "./map-picker";

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: "zh-CN", resources, ns: ["widgets"], defaultNS: "widgets", interpolation: { escapeValue: false } });
});
const render = (props: Parameters<typeof MapPicker>[0]) => renderToString(h(I18nextProvider, { i18n }, h(MapPicker, props)));
const input = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "";

// Before JavaScript (and on a slow link until it arrives) the picker is three plain inputs that post with the form.
describe("map picker on the server", () => {
  it("renders longitude, latitude and address inputs under the given names, with their values and messages", () => {
    const html = render({ idPrefix: "field", names: { lng: "lng", lat: "lat", address: "address" }, required: true, legend: "位置", defaultValue: { lng: "181", lat: "31.23", address: "上海" }, errors: { lng: "经度须在-180到180之间，最多6位小数" } });
    expect(input(html, "lng")).toContain('value="181"');
    expect(input(html, "lng")).toContain('aria-invalid="true"');
    expect(input(html, "lng")).toContain('id="field-lng"');
    expect(input(html, "lat")).toContain('value="31.23"');
    expect(input(html, "address")).toContain('value="上海"');
    expect(input(html, "address")).toContain('maxLength="100"');
    expect(html).toContain("经度须在-180到180之间，最多6位小数");
    expect(html).toContain("<legend");
    // the map needs JavaScript: no button that would do nothing
    expect(html).not.toContain("地图选点");
  });
  it("leaves the address out when the form has none", () => {
    const html = render({ names: { lng: "centerLng", lat: "centerLat" }, defaultValue: { lng: "121.47", lat: "31.23" } });
    expect(input(html, "centerLng")).toContain('value="121.47"');
    expect(html).not.toContain("地址");
  });
});
