import { createInstance } from "i18next";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { describe, expect, it } from "vitest";
import { i18nConfig } from "~/i18n";
import { resources } from "~/i18n/resources";
import { Upload, type UploadProps } from "./upload";

async function render(props: UploadProps, lng: "zh-CN" | "en-US" = "zh-CN") {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ ...i18nConfig, resources, lng });
  return renderToString(createElement(I18nextProvider, { i18n }, createElement(Upload, props)));
}

const two = [
  { id: 7, name: "营业执照.png", url: "/api/common/commonfile/downloadFile?id=0123456789abcdef0123456789abcdef" },
  { id: 9, name: "合同.pdf", url: "/api/common/commonfile/downloadFile?id=fedcba9876543210fedcba9876543210" },
];

describe("Upload as first HTML", () => {
  it("carries the uploaded ids in hidden inputs, so a plain form post keeps them", async () => {
    const html = await render({ name: "annexIds", variant: "text", defaultFiles: two });
    expect(html).toContain('<input type="hidden" name="annexIds" value="7"/>');
    expect(html).toContain('<input type="hidden" name="annexIds" value="9"/>');
    // the address carries the file's key, never the id the form posts
    expect(html).toContain("/api/common/commonfile/downloadFile?id=fedcba9876543210fedcba9876543210");
  });

  it("shows the counter 新增文件 (n/limit), and 附件数量已达上限 instead of the button at the limit", async () => {
    const open = await render({ name: "f", variant: "drag", defaultFiles: two, limit: 3 });
    expect(open).toContain("新增文件 (2/3)");
    const full = await render({ name: "f", variant: "drag", defaultFiles: two, limit: 2 });
    expect(full).toContain("附件数量已达上限");
    expect(full).not.toContain("新增文件");
    const fullText = await render({ name: "f", variant: "text", defaultFiles: two, limit: 2 });
    expect(fullText).toContain("附件数量已达上限");
    expect(fullText).not.toContain("新增文件");
    const en = await render({ name: "f", variant: "picture-card", limit: 4 }, "en-US");
    expect(en).toContain("Add file (0/4)");
  });

  it("is read-only in list mode: view and download, no add or delete", async () => {
    const html = await render({ name: "f", variant: "text", defaultFiles: two, readOnly: true });
    expect(html).toContain("下载");
    expect(html).toContain("预览");
    expect(html).not.toContain("删除");
    expect(html).not.toContain("新增文件");
  });
});
