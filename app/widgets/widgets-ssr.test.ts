import i18next from "i18next";
import { createElement as h, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { resources } from "~/i18n/resources";
import { Calendar } from "./calendar";
import { MonthPicker } from "./month-picker";
import { QrCode } from "./qr-code";
import { QuarterPicker } from "./quarter-picker";
import { TruncatedText } from "./truncated-text";
import { YearRangePicker } from "./year-range-picker";

// The server HTML is what a user on a slow link sees and submits before JavaScript arrives.
const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: "zh-CN", resources, ns: ["widgets"], defaultNS: "widgets", interpolation: { escapeValue: false } });
});
const render = (el: ReactElement) => renderToString(h(I18nextProvider, { i18n }, el));
const noop = () => undefined;

describe("widgets rendered on the server", () => {
  it("calendar shows 42 days, Monday first, today, the selection and departure counts", () => {
    const html = render(h(Calendar, { value: "2026-11-05", today: "2026-11-23", counts: { "2026-11-03": 2 }, onSelect: noop }));
    expect(html.match(/role="gridcell"/g)).toHaveLength(42);
    expect(html.match(/<th[^>]*>([^<]*)<\/th>/g)?.map((th) => th.replace(/<[^>]+>/g, ""))).toEqual(["一", "二", "三", "四", "五", "六", "日"]);
    expect(html).toContain('data-date="2026-10-26"');
    expect(html).toMatch(/aria-current="date"[^>]*data-date="2026-11-23"|data-date="2026-11-23"[^>]*aria-current="date"/);
    expect(html).toContain("2条出车登记");
    expect(html).toContain("2026年11月");
    // one tab stop in the grid: the selected day
    expect(html.match(/tabindex="0"/g)).toHaveLength(1);
    expect(html).toMatch(/data-date="2026-11-05" tabindex="0"/);
  });
  it("quarter picker shows the chosen quarter in words, or its placeholder", () => {
    expect(render(h(QuarterPicker, { value: "2026-Q2", onChange: noop, name: "q" }))).toContain("2026年 第二季度");
    expect(render(h(QuarterPicker, { value: null, onChange: noop }))).toContain("选择季度");
  });
  it("year-range picker posts start and end inputs", () => {
    const html = render(h(YearRangePicker, { value: { start: 2019, end: 2024 }, onChange: noop, name: "years" }));
    expect(html).toMatch(/name="yearsStart"[^>]*value="2019"|value="2019"[^>]*name="yearsStart"/);
    expect(html).toMatch(/name="yearsEnd"[^>]*value="2024"|value="2024"[^>]*name="yearsEnd"/);
    expect(html).toContain('placeholder="开始年份"');
  });
  it("QR code is an SVG image with a 下载 button", () => {
    const html = render(h(QrCode, { value: "T000000001" }));
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="二维码：T000000001"');
    expect(html).toContain("下载");
  });
  it("month picker shows 选择月 until a month is chosen", () => {
    expect(render(h(MonthPicker, { value: null }))).toContain("选择月");
    expect(render(h(MonthPicker, { value: "2026-02", name: "month" }))).toMatch(/2026年2月[\s\S]*name="month" value="2026-02"/);
  });
  it("truncated text keeps the whole text in the page, with no tab stop until it is cut", () => {
    const html = render(h(TruncatedText, { text: "徐工XCT25L5 汽车起重机 25吨" }));
    expect(html).toContain("徐工XCT25L5 汽车起重机 25吨");
    expect(html).not.toContain("tabindex");
  });
});

describe("widgets in English", () => {
  it("calendar and quarter picker speak English", async () => {
    await i18n.changeLanguage("en-US");
    try {
      const calendar = render(h(Calendar, { value: "2026-11-05", today: "2026-11-23", counts: { "2026-11-03": 2 }, weekStart: 0 }));
      expect(calendar.match(/<th[^>]*>([^<]*)<\/th>/g)?.map((th) => th.replace(/<[^>]+>/g, ""))).toEqual(["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]);
      expect(calendar).toContain("November 2026");
      expect(calendar).toContain("Departures logged: 2");
      expect(render(h(QuarterPicker, { value: "2026-Q4" }))).toContain("4th quarter 2026");
    } finally {
      await i18n.changeLanguage("zh-CN");
    }
  });
});
