import i18next from "i18next";
import { createElement as h, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { resources } from "~/i18n/resources";
import { ImagesCell } from "./table-row";
import { fileNameFrom, percentOf } from "./download-link";
import { FlashToast, ToastProvider } from "./toast";

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: "zh-CN", resources, ns: ["resource", "widgets"], defaultNS: "resource", interpolation: { escapeValue: false } });
});
const render = (el: ReactElement) => renderToString(h(I18nextProvider, { i18n }, el));
const inRow = (el: ReactElement) => h("table", null, h("tbody", null, h("tr", null, el)));

describe("images cell", () => {
  it("shows 4 thumbnails that link to the files, and +N for the rest", () => {
    const html = render(inRow(h(ImagesCell, { value: "11,12,13,14,15,16" })));
    expect(html.match(/<img /g)).toHaveLength(4);
    expect(html).toContain('href="/api/common/commonfile/downloadFile?id=11"');
    expect(html).toContain('alt="图片 1 / 6"');
    expect(html).toMatch(/aria-label="还有 2 张图片"[^>]*>\+<!-- -->2<\/a>/);
  });
  it("shows — for no images and no +N for four", () => {
    expect(render(inRow(h(ImagesCell, { value: null })))).toContain("—");
    expect(render(inRow(h(ImagesCell, { value: ["a", "b", "c", "d"] })))).not.toContain("还有");
  });
});

describe("download", () => {
  it("names the file from Content-Disposition, the UTF-8 name first", () => {
    expect(fileNameFrom(`attachment; filename="____-202611231200.xlsx"; filename*=UTF-8''%E7%94%A8%E6%88%B7%E7%AE%A1%E7%90%86-202611231200.xlsx`, "x")).toBe("用户管理-202611231200.xlsx");
    expect(fileNameFrom('attachment; filename="users.xlsx"', "x")).toBe("users.xlsx");
    expect(fileNameFrom(null, "export")).toBe("export");
    expect(fileNameFrom("attachment; filename*=UTF-8''%E0%A4%A", "fallback")).toBe("fallback");
  });
  it("counts progress only when the size is known", () => {
    expect(percentOf(512, 2048)).toBe(25);
    expect(percentOf(4096, 2048)).toBe(100);
    expect(percentOf(512, 0)).toBeNull();
  });
});

describe("flash toast", () => {
  it("is in the server HTML where the toasts show, once, until JavaScript takes it over", () => {
    const html = render(h(ToastProvider, null, h(FlashToast, { message: "操作成功！", token: 1 })));
    expect(html.match(/操作成功！/g)).toHaveLength(1);
    expect(html).toMatch(/role="status"[^>]*data-tone="success"/);
    expect(render(h(ToastProvider, null, h(FlashToast, { message: null, token: 1 })))).not.toContain("role=\"status\"");
  });
});
