import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { makeTenant, ORIGIN, signIn } from "./helpers";

const UPLOAD = "/api/common/commonfile/uploadFile";
const DOWNLOAD = "/api/common/commonfile/downloadFile";
const MB = 1024 * 1024;

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A file whose first bytes are a PNG signature, padded to the size asked. */
function png(size = 64): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_HEAD);
  for (let i = PNG_HEAD.length; i < size; i++) bytes[i] = i % 251;
  return bytes;
}
const pdf = (): Uint8Array<ArrayBuffer> => new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

interface UploadAnswer {
  code: number;
  message: string;
  status: string;
  data?: { fileName: string; name: string; id: number; key: string; url: string };
}

async function upload(cookie: string | null, name: string, bytes: Uint8Array<ArrayBuffer>, params: Record<string, string> = {}, lang?: "zh-CN" | "en-US") {
  const form = new FormData();
  form.append("file", new File([bytes], name));
  form.append("data", JSON.stringify({ source: "test" }));
  const cookies = [cookie, lang ? `derrick_lang=${lang}` : null].filter(Boolean).join("; ");
  const res = await SELF.fetch(`${ORIGIN}${UPLOAD}?${new URLSearchParams(params)}`, {
    method: "POST",
    headers: { Origin: ORIGIN, ...(cookies ? { Cookie: cookies } : {}) },
    body: form,
  });
  return { res, body: (await res.json()) as UploadAnswer };
}

const download = (cookie: string, id: number | string, lang?: string) =>
  SELF.fetch(`${ORIGIN}${DOWNLOAD}?id=${id}`, { headers: { Cookie: [cookie, lang ? `derrick_lang=${lang}` : ""].filter(Boolean).join("; ") } });

let cookie: string;
let tenantId: number;
beforeAll(async () => {
  const t = await makeTenant({ role: "viewer" });
  tenantId = t.tenantId;
  cookie = await signIn(t.account, t.password);
});

describe("upload then download", () => {
  it("keeps the bytes, the type and the UTF-8 name; images open inline", async () => {
    const bytes = png(3000);
    const { res, body } = await upload(cookie, "吊车 照片(1).png", bytes, { kind: "image" });
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ code: 200, status: "success", data: { fileName: "吊车 照片(1).png", name: "吊车 照片(1).png" } });
    const id = body.data!.id;
    expect(id).toBeGreaterThan(0);

    // the address carries the file's key, not the id the form posts
    expect(body.data!.key).toMatch(/^[0-9a-f]{32}$/);
    expect(body.data!.url).toBe(`${DOWNLOAD}?id=${body.data!.key}`);
    const got = await download(cookie, body.data!.key);
    expect(got.status).toBe(200);
    expect(got.headers.get("Content-Type")).toBe("image/png");
    expect(got.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const disposition = got.headers.get("Content-Disposition")!;
    expect(disposition.startsWith("inline;")).toBe(true);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent("吊车 照片").replace(/[()]/g, "")}`);
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)![1]!)).toBe("吊车 照片(1).png");
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(bytes);

    const row = await env.DB.prepare("select tenant_id, r2_key, size, content_type from files where id = ?").bind(id).first<{ tenant_id: number; r2_key: string; size: number; content_type: string }>();
    expect(row).toMatchObject({ tenant_id: tenantId, size: 3000, content_type: "image/png" });
    expect(row!.r2_key.startsWith(`tenant/${tenantId}/`)).toBe(true);
    expect(row!.r2_key).not.toContain("吊车");
    expect(await env.FILES.head(row!.r2_key)).not.toBeNull();

    // a second view on a slow link costs no bytes
    const again = await SELF.fetch(`${ORIGIN}${DOWNLOAD}?id=${body.data!.key}`, { headers: { Cookie: cookie, "If-None-Match": got.headers.get("ETag")! } });
    expect(again.status).toBe(304);
    expect(await again.arrayBuffer()).toHaveProperty("byteLength", 0);
  });

  it("opens a PDF inline and sends any other file as an attachment", async () => {
    const asPdf = await upload(cookie, "合同.pdf", pdf(), { kind: "pdf" });
    expect(asPdf.body.code).toBe(200);
    const gotPdf = await download(cookie, asPdf.body.data!.key);
    expect(gotPdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(gotPdf.headers.get("Content-Disposition")).toMatch(/^inline;/);

    const html = new TextEncoder().encode("<script>alert(document.cookie)</script>");
    const asPage = await upload(cookie, "notes.html", html);
    expect(asPage.body.code).toBe(200);
    const gotPage = await download(cookie, asPage.body.data!.key);
    expect(gotPage.headers.get("Content-Type")).toBe("application/octet-stream");
    expect(gotPage.headers.get("Content-Disposition")).toBe(`attachment; filename="notes.html"; filename*=UTF-8''notes.html`);
    expect(new TextDecoder().decode(await gotPage.arrayBuffer())).toBe("<script>alert(document.cookie)</script>");
  });
});

describe("upload refusals, in the user's language", () => {
  const cases: { what: string; name: string; bytes: () => Uint8Array<ArrayBuffer>; params: Record<string, string>; status: number; zh: string; en: string }[] = [
    { what: "a wrong image type", name: "a.gif", bytes: () => png(), params: { kind: "image" }, status: 400, zh: "只能上传JPEG、PNG、JPG格式的图片~", en: "Only JPEG, PNG and JPG images can be uploaded." },
    { what: "a disguised image", name: "a.png", bytes: () => new TextEncoder().encode("<svg onload=alert(1)></svg>"), params: { kind: "image" }, status: 400, zh: "只能上传JPEG、PNG、JPG格式的图片~", en: "Only JPEG, PNG and JPG images can be uploaded." },
    { what: "an image in PDF-only mode", name: "a.png", bytes: () => png(), params: { kind: "pdf" }, status: 400, zh: "只能上传PDF格式的文件~", en: "Only PDF files can be uploaded." },
    { what: "a disguised PDF", name: "a.pdf", bytes: () => png(), params: { kind: "pdf" }, status: 400, zh: "只能上传PDF格式的文件~", en: "Only PDF files can be uploaded." },
    { what: "an image over the default 2 MB", name: "a.png", bytes: () => png(2 * MB + 1), params: { kind: "image" }, status: 413, zh: "上传文件大小不能超过2MB", en: "The file must not be larger than 2 MB." },
    { what: "a file over the given fileSize", name: "a.txt", bytes: () => new Uint8Array(MB + 1).fill(65), params: { fileSize: "1" }, status: 413, zh: "上传文件大小不能超过1MB", en: "The file must not be larger than 1 MB." },
    { what: "an empty file", name: "empty.txt", bytes: () => new Uint8Array(), params: {}, status: 400, zh: "文件内容为空", en: "The file is empty." },
    { what: "an empty image", name: "empty.png", bytes: () => new Uint8Array(), params: { kind: "image" }, status: 400, zh: "文件内容为空", en: "The file is empty." },
  ];
  for (const c of cases) {
    it(`refuses ${c.what}`, async () => {
      const before = await env.DB.prepare("select count(*) as n from files where tenant_id = ?").bind(tenantId).first<{ n: number }>();
      const zh = await upload(cookie, c.name, c.bytes(), c.params, "zh-CN");
      expect(zh.res.status).toBe(c.status);
      expect(zh.body).toMatchObject({ code: c.status, message: c.zh });
      expect(zh.body.data).toBeUndefined();
      const en = await upload(cookie, c.name, c.bytes(), c.params, "en-US");
      expect(en.res.status).toBe(c.status);
      expect(en.body.message).toBe(c.en);
      const after = await env.DB.prepare("select count(*) as n from files where tenant_id = ?").bind(tenantId).first<{ n: number }>();
      expect(after!.n).toBe(before!.n);
    });
  }

  it("checks no size when fileSize is 0 or less", async () => {
    for (const fileSize of ["0", "-1"]) {
      const { res, body } = await upload(cookie, "big.png", png(3 * MB), { kind: "image", fileSize });
      expect(res.status).toBe(200);
      expect(body.code).toBe(200);
    }
  });

  it("takes kind and fileSize from the form as well as the query", async () => {
    const form = new FormData();
    form.append("file", new File([png()], "a.gif"));
    form.append("kind", "image");
    const res = await SELF.fetch(`${ORIGIN}${UPLOAD}`, { method: "POST", headers: { Origin: ORIGIN, Cookie: cookie }, body: form });
    expect(res.status).toBe(400);
    expect(((await res.json()) as UploadAnswer).message).toBe("只能上传JPEG、PNG、JPG格式的图片~");
  });

  it("asks for a file when the field is missing, without a stack trace", async () => {
    const form = new FormData();
    form.append("file", "not a file");
    const res = await SELF.fetch(`${ORIGIN}${UPLOAD}`, { method: "POST", headers: { Origin: ORIGIN, Cookie: `${cookie}; derrick_lang=en-US` }, body: form });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 400, message: "Choose a file to upload.", status: "fail" });

    const nameless = await upload(cookie, "", png());
    expect(nameless.res.status).toBe(400);
    expect(nameless.body.message).toBe("请选择要上传的文件");

    const garbled = await SELF.fetch(`${ORIGIN}${UPLOAD}`, { method: "POST", headers: { Origin: ORIGIN, Cookie: cookie, "Content-Type": "multipart/form-data; boundary=x" }, body: "nonsense" });
    expect(garbled.status).toBe(400);
    expect(await garbled.json()).toEqual({ code: 400, message: "上传请求格式不正确", status: "fail" });
  });
});

describe("access", () => {
  it("refuses an anonymous upload with 401 and stores nothing", async () => {
    const before = await env.DB.prepare("select count(*) as n from files").first<{ n: number }>();
    const { res, body } = await upload(null, "a.png", png(), { kind: "image" });
    expect(res.status).toBe(401);
    expect(body.code).toBe(401);
    const after = await env.DB.prepare("select count(*) as n from files").first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
  });

  it("refuses an anonymous download with 401", async () => {
    const { body } = await upload(cookie, "a.png", png(), { kind: "image" });
    const res = await SELF.fetch(`${ORIGIN}${DOWNLOAD}?id=${body.data!.key}`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: number }).code).toBe(401);
  });

  it("answers 404 for another tenant's file, never its bytes", async () => {
    const { body } = await upload(cookie, "secret.png", png(), { kind: "image" });
    const other = await makeTenant({ role: "admin" });
    const otherCookie = await signIn(other.account, other.password);
    const res = await download(otherCookie, body.data!.key);
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toContain("application/json");
    expect(await res.json()).toEqual({ code: 404, message: "文件不存在或已被删除" });
  });

  it("answers 404 JSON for a missing or malformed id, in the user's language", async () => {
    for (const id of ["999999999", "0", "-1", "abc", "1e3", ""]) {
      const res = await download(cookie, id);
      expect(res.status, id).toBe(404);
      expect(((await res.json()) as { code: number }).code).toBe(404);
    }
    const en = await download(cookie, "999999999", "en-US");
    expect(((await en.json()) as { message: string }).message).toBe("The file does not exist or has been deleted.");
  });
});
