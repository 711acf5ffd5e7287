import i18next from "i18next";
import { createElement as h, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { beforeAll, describe, expect, it } from "vitest";
import { resources } from "~/i18n/resources";
import { bodyThemeClass, type ThemeName } from "~/lib/theme";
import { Badge } from "./badge";
import { Button, LinkButton } from "./button";
import { Card } from "./card";
import { Checkbox } from "./checkbox";
import { Descriptions } from "./descriptions";
import { Drawer } from "./drawer";
import { Empty } from "./empty";
import { Input, NumberInput, Select, Textarea } from "./input";
import { MoneyInput } from "./money-input";
import { Steps, type StepItem } from "./steps";
import { Tabs } from "./tabs";

// What a user sees before JavaScript arrives, in each theme: the design system speaks in tokens
// (bg-panel, text-ink…) that the theme class swaps, never in fixed colours that would vanish in dark.
const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: "zh-CN", resources, ns: ["widgets"], defaultNS: "widgets", interpolation: { escapeValue: false } });
});
const render = (el: ReactElement, theme: ThemeName = "light") =>
  renderToString(h(I18nextProvider, { i18n }, h(RouterProvider, { router: createMemoryRouter([{ path: "/", element: h("div", { className: bodyThemeClass(theme) }, el) }]) })));
const noop = () => undefined;
/** The opening tag that holds `needle` (attribute order is React's business, not the test's). */
const tagWith = (html: string, needle: string) => html.match(new RegExp(`<[a-z]+\\b[^>]*${needle.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[^>]*>`))?.[0] ?? "";
const FIXED_COLOUR = /\b(?:bg|text|border)-(?:white|black|gray|slate|zinc|red|green|blue|yellow)-\d{2,3}\b/;

const steps: StepItem[] = [
  { title: "提交申请", state: "done", who: "张三", at: "2026-11-20 09:00" },
  { title: "部门审批", state: "refused", who: "李四", at: "2026-11-21 10:30", note: "期限过长" },
  { title: "公司审批", state: "current", who: "王五" },
  { title: "归档", state: "waiting" },
];

describe.each(["light", "dark"] as const)("the design system in the %s theme", (theme) => {
  it("buttons keep their name, type and disabled state; a link button is a link", () => {
    const html = render(h("div", null, h(Button, { variant: "danger", disabled: true }, "删除"), h(Button, { type: "submit" }, "保存"), h(LinkButton, { to: "/userManage" }, "返回")), theme);
    expect(html).toMatch(/<button type="button" class="[^"]*bg-danger[^"]*" disabled="">删除<\/button>/);
    expect(html).toMatch(/<button type="submit"[^>]*>保存<\/button>/);
    expect(tagWith(html, 'href="/userManage"')).toMatch(/^<a [^>]*class="[^"]*border-line/);
    expect(html).toContain(">返回</a>");
    expect(html).toContain(`class="${bodyThemeClass(theme)}"`);
    expect(html).not.toMatch(FIXED_COLOUR);
  });
  it("inputs, select, textarea and checkbox carry their label, invalid and disabled states", () => {
    const html = render(
      h(
        "form",
        null,
        h("label", { htmlFor: "n" }, "名称"),
        h(Input, { id: "n", name: "name", "aria-invalid": true, defaultValue: "x" }),
        h(Select, { "aria-label": "状态", name: "state", defaultValue: "1" }, h("option", { value: "1" }, "启用")),
        h(Textarea, { "aria-label": "备注", name: "note", disabled: true }),
        h(Checkbox, { name: "ids", value: "3", label: "徐工 XCT25", defaultChecked: true }),
      ),
      theme,
    );
    expect(tagWith(html, 'id="n"')).toContain('aria-invalid="true"');
    expect(tagWith(html, 'aria-label="状态"')).toMatch(/^<select /);
    expect(tagWith(html, 'aria-label="备注"')).toMatch(/^<textarea [^>]*disabled=""/);
    expect(tagWith(html, 'type="checkbox"')).toMatch(/checked=""/);
    // the visible text labels the box: both sit inside one <label>
    expect(html).toMatch(/<label[^>]*><input type="checkbox"[^>]*\/><span>徐工 XCT25<\/span><\/label>/);
    expect(html).not.toMatch(FIXED_COLOUR);
  });
  it("badge shows its text with its tone", () => {
    const html = render(h(Badge, { tone: "success", dot: true, children: "启用" }), theme);
    expect(html).toMatch(/data-tone="success"[^>]*>.*启用<\/span>/);
  });
  it("steps write out each state, who acted and when, and mark the current step", () => {
    const html = render(h(Steps, { items: steps }), theme);
    expect(html).toContain('<ol aria-label="审批进度"');
    const states = [...html.matchAll(/<li data-state="(\w+)"/g)].map((m) => m[1]);
    expect(states).toEqual(["done", "refused", "current", "waiting"]);
    expect(html.match(/aria-current="step"/g)).toHaveLength(1);
    expect(html).toMatch(/data-state="current" aria-current="step"/);
    for (const text of ["提交申请", "已通过", "已驳回", "审批中", "待审批", "张三", "2026-11-20 09:00", "期限过长", "王五"]) expect(html).toContain(text);
    expect(html).not.toMatch(FIXED_COLOUR);
  });
  it("empty says 暂无数据 unless told what is missing", () => {
    expect(render(h(Empty, null), theme)).toMatch(/role="status"[\s\S]*暂无数据/);
    expect(render(h(Empty, { action: h(Button, null, "新增") }, "暂无围栏"), theme)).toMatch(/暂无围栏[\s\S]*新增/);
  });
  it("tabs: one tab stop, the selected tab and its panel linked", () => {
    const html = render(h(Tabs, { id: "t", label: "围栏与线路", value: "line", onValueChange: noop, items: [{ value: "fence", label: "围栏" }, { value: "line", label: "线路", content: "线路列表" }] }), theme);
    expect(html).toContain('role="tablist" aria-label="围栏与线路"');
    expect(html).toMatch(/id="t-tab-line" role="tab" type="button" aria-selected="true" aria-controls="t-panel-line" tabindex="0"/);
    expect(html).toMatch(/id="t-tab-fence" role="tab" type="button" aria-selected="false" tabindex="-1"/);
    expect(html).toMatch(/role="tabpanel" id="t-panel-line" aria-labelledby="t-tab-line"[^>]*>线路列表/);
  });
  it("card and descriptions: a titled section, label/value pairs, — for an empty value", () => {
    const html = render(h(Card, { id: "c", title: "基本信息" }, h(Descriptions, { items: [{ label: "车牌", value: "苏A12345" }, { label: "备注", value: "", wide: true }] })), theme);
    expect(html).toMatch(/<section id="c" aria-labelledby="c-title"/);
    expect(html).toMatch(/<dt[^>]*>车牌<\/dt><dd[^>]*>苏A12345<\/dd>/);
    expect(html).toMatch(/<dt[^>]*>备注<\/dt><dd[^>]*>—<\/dd>/);
  });
  it("drawer is rendered by the server: a named, non-modal dialog with a close link", () => {
    const testId = { "data-testid": "resource-form" };
    const html = render(h(Drawer, { title: "编辑用户", titleId: "d-title", closeTo: "/userManage", closeLabel: "取消", ...testId }, "表单"), theme);
    expect(html).toMatch(/<aside role="dialog" aria-modal="false" aria-labelledby="d-title" tabindex="-1"/);
    expect(html).toContain('data-testid="resource-form"');
    expect(html).toMatch(/<h2 id="d-title"[^>]*>编辑用户<\/h2>/);
    expect(html).toMatch(/<a[^>]*aria-label="取消"[^>]*href="\/userManage"|<a[^>]*href="\/userManage"[^>]*aria-label="取消"/);
    expect(html).not.toMatch(FIXED_COLOUR);
  });
});

describe("number and money inputs", () => {
  it("a money input posts a plain number under its name before the page runs", () => {
    const html = renderToString(h(MoneyInput, { name: "rent", defaultValue: "1234567.891", precision: 2 }));
    expect(html).toMatch(/<input[^>]*name="rent"[^>]*value="1234567.89"|<input[^>]*value="1234567.89"[^>]*name="rent"/);
    expect(html).not.toContain("1,234");
  });
  it("a number input asks a phone for digits (with a point when it takes decimals) and right-aligns them", () => {
    const whole = renderToString(h(NumberInput, { name: "operators", defaultValue: "2", "aria-label": "操作手人数" }));
    expect(whole).toMatch(/inputMode="numeric"/);
    expect(whole).toContain("text-right tabular-nums");
    expect(whole).toContain('name="operators"');
    expect(renderToString(h(NumberInput, { name: "hours", decimals: true }))).toMatch(/inputMode="decimal"/);
  });
});

describe("the design system in English", () => {
  it("steps and empty speak English", async () => {
    await i18n.changeLanguage("en-US");
    try {
      const html = render(h(Steps, { items: steps }), "dark");
      for (const text of ["Approval progress", "Approved", "Refused", "In review", "Waiting"]) expect(html).toContain(text);
      expect(render(h(Empty, null))).toContain("No data");
    } finally {
      await i18n.changeLanguage("zh-CN");
    }
  });
});
