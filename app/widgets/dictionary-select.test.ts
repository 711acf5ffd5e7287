import i18next from "i18next";
import { createElement as h, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { beforeAll, describe, expect, it } from "vitest";
import { resources } from "~/i18n/resources";
import { DictionarySelect } from "./dictionary-select";

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: "zh-CN", resources, ns: ["system"], defaultNS: "common", interpolation: { escapeValue: false } });
});
/** The select needs a data router for its fetcher, as inside Remix. */
const render = (el: ReactElement) => renderToString(h(I18nextProvider, { i18n }, h(RouterProvider, { router: createMemoryRouter([{ path: "/", element: el }]) })));
const options = [
  { value: "1", label: "汽车吊", img: "file-1" },
  { value: "2", label: "履带吊", img: "file-2" },
];

describe("dictionary select on the server", () => {
  it("posts the chosen value under its name, with the server's options", () => {
    const html = render(h(DictionarySelect, { name: "equipmentType", dictCode: "equipment_type", defaultValue: "2", options }));
    expect(html).toMatch(/<select[^>]*name="equipmentType"/);
    expect(html).toContain("请选择");
    expect(html).toMatch(/<option value="2" selected="">履带吊<\/option>/);
    expect(html).not.toContain('aria-label="新增选项"');
  });
  it("offers the add-option editor only with disData:add", () => {
    const html = render(h(DictionarySelect, { name: "t", dictCode: "equipment_type", options, dictionary: { id: 1, isSystem: 0 }, canAdd: true }));
    expect(html).toMatch(/<a href="\/disData\?dict=1" aria-label="新增选项"/);
  });
});
