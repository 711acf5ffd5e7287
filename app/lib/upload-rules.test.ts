import { describe, expect, it } from "vitest";
import zh from "~/i18n/zh-CN/files";
import { checkContent, checkCount, checkFile, contentTypeOf, isInlineType, resolveRules, sniffType } from "./upload-rules";

const MB = 1024 * 1024;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const PDF = new TextEncoder().encode("%PDF-1.7\n%âãÏÓ\n");
const TEXT = new TextEncoder().encode("<html><script>alert(1)</script></html>");

describe("resolveRules (spec §9 defaults)", () => {
  it("gives images 2 MB and 4 files, general files 100 MB and 20 files", () => {
    expect(resolveRules({ kind: "image" })).toEqual({ kind: "image", fileSize: 2, limit: 4 });
    expect(resolveRules({ kind: "pdf" })).toEqual({ kind: "pdf", fileSize: 2, limit: 4 });
    expect(resolveRules()).toEqual({ kind: "general", fileSize: 100, limit: 20 });
    expect(resolveRules({ kind: "exe" }).kind).toBe("general");
  });
  it("takes fileSize and limit from strings, keeps 0 and negatives (no size check), ignores garbage", () => {
    expect(resolveRules({ kind: "image", fileSize: "5", limit: "9" })).toMatchObject({ fileSize: 5, limit: 9 });
    expect(resolveRules({ kind: "image", fileSize: "0" }).fileSize).toBe(0);
    expect(resolveRules({ kind: "image", fileSize: "-1" }).fileSize).toBe(-1);
    expect(resolveRules({ kind: "image", fileSize: "abc", limit: "0" })).toMatchObject({ fileSize: 2, limit: 4 });
  });
});

describe("checkFile (spec §5)", () => {
  const image = resolveRules({ kind: "image" });
  it("accepts jpeg, jpg and png in any case, refuses other images and names without extension", () => {
    for (const name of ["a.jpeg", "b.JPG", "c.png", "照片.Png"]) expect(checkFile({ name, size: 10 }, image)).toBeNull();
    for (const name of ["a.gif", "b.webp", "png", "c.png.exe", "d."]) expect(checkFile({ name, size: 10 }, image)).toEqual({ key: "imageType" });
  });
  it("pdf-only mode refuses images", () => {
    const pdf = resolveRules({ kind: "pdf" });
    expect(checkFile({ name: "合同.pdf", size: 10 }, pdf)).toBeNull();
    expect(checkFile({ name: "a.png", size: 10 }, pdf)).toEqual({ key: "pdfType" });
  });
  it("refuses a file over fileSize MB with the limit as parameter, and checks nothing when fileSize ≤ 0", () => {
    expect(checkFile({ name: "a.png", size: 2 * MB }, image)).toBeNull();
    expect(checkFile({ name: "a.png", size: 2 * MB + 1 }, image)).toEqual({ key: "tooLarge", params: { size: 2 } });
    expect(checkFile({ name: "a.png", size: 50 * MB }, { ...image, fileSize: 0 })).toBeNull();
    expect(checkFile({ name: "a.png", size: 50 * MB }, { ...image, fileSize: -3 })).toBeNull();
    expect(checkFile({ name: "a.zip", size: 100 * MB + 1 }, resolveRules())).toEqual({ key: "tooLarge", params: { size: 100 } });
  });
  it("refuses an empty file and a repeated name in general uploads", () => {
    const general = resolveRules();
    expect(checkFile({ name: "a.txt", size: 0 }, general)).toEqual({ key: "empty" });
    expect(checkFile({ name: "a.png", size: 0 }, image)).toEqual({ key: "empty" });
    expect(checkFile({ name: "报价单.xlsx", size: 5 }, general, ["报价单.xlsx"])).toEqual({ key: "sameName", params: { name: "报价单.xlsx" } });
    expect(checkFile({ name: "报价单2.xlsx", size: 5 }, general, ["报价单.xlsx"])).toBeNull();
  });
});

describe("checkCount", () => {
  it("refuses a selection that takes the list past the limit", () => {
    const image = resolveRules({ kind: "image" });
    expect(checkCount(3, 1, image)).toBeNull();
    expect(checkCount(3, 2, image)).toEqual({ key: "overCount", params: { limit: 4 } });
  });
});

describe("content checks on the server", () => {
  const image = resolveRules({ kind: "image" });
  it("knows PNG, JPEG and PDF by their first bytes", () => {
    expect(sniffType(PNG)).toBe("image/png");
    expect(sniffType(JPEG)).toBe("image/jpeg");
    expect(sniffType(PDF)).toBe("application/pdf");
    expect(sniffType(TEXT)).toBeNull();
    expect(sniffType(new Uint8Array())).toBeNull();
  });
  it("refuses a disguised image or PDF", () => {
    expect(checkContent("a.png", PNG, image)).toBeNull();
    expect(checkContent("a.jpg", JPEG, image)).toBeNull();
    expect(checkContent("a.png", TEXT, image)).toEqual({ key: "imageType" });
    expect(checkContent("a.png", JPEG, image)).toEqual({ key: "imageType" });
    expect(checkContent("a.pdf", PDF, resolveRules({ kind: "pdf" }))).toBeNull();
    expect(checkContent("a.pdf", PNG, resolveRules({ kind: "pdf" }))).toEqual({ key: "pdfType" });
    expect(checkContent("a.bin", TEXT, resolveRules())).toBeNull();
  });
  it("stores an inline type only when the name and the bytes agree", () => {
    expect(contentTypeOf("a.png", PNG)).toBe("image/png");
    expect(contentTypeOf("a.png", TEXT)).toBe("application/octet-stream");
    expect(contentTypeOf("a.html", TEXT)).toBe("application/octet-stream");
    expect(contentTypeOf("a.pdf", PDF)).toBe("application/pdf");
    expect(contentTypeOf("表.xlsx", TEXT)).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(isInlineType("image/png")).toBe(true);
    expect(isInlineType("text/plain; charset=utf-8")).toBe(false);
  });
});

describe("texts", () => {
  it("quote the spec's Chinese messages exactly", () => {
    expect(zh.rules.imageType).toBe("只能上传JPEG、PNG、JPG格式的图片~");
    expect(zh.rules.pdfType).toBe("只能上传PDF格式的文件~");
    expect(zh.rules.tooLarge.replace("{{size}}", "2")).toBe("上传文件大小不能超过2MB");
    expect(zh.rules.overCount.replace("{{limit}}", "4")).toBe("超出限制数量4个");
    expect(zh.rules.sameName.replace("{{name}}", "a.txt")).toBe("a.txt同名文件已存在");
    expect(zh.rules.empty).toBe("文件内容为空");
    expect(zh.rules.countReached).toBe("附件数量已达上限");
    expect(zh.upload.confirmDelete).toBe("确定要删除");
    expect(zh.upload.add.replace("{{count}}", "1").replace("{{limit}}", "20")).toBe("新增文件 (1/20)");
  });
});
