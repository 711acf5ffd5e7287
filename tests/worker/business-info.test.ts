import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { db, get, makeTenant, ORIGIN, postForm, signIn } from "./helpers";
import { DEMO_USERS, seedBusinessInfo, seedDemo } from "../../db/seed/demo";

// the smallest valid PNG: a 1×1 transparent pixel
const PNG: Uint8Array<ArrayBuffer> = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="), (c) => c.charCodeAt(0));

async function upload(cookie: string, bytes: Uint8Array<ArrayBuffer>, name: string) {
  const body = new FormData();
  body.set("file", new File([bytes], name));
  const res = await SELF.fetch(`${ORIGIN}/api/common/commonfile/uploadFile?kind=general`, { method: "POST", headers: { Origin: ORIGIN, Host: "localhost", Cookie: cookie }, body });
  return ((await res.json()) as { data: { id: number } }).data.id;
}

describe("/bussinessinfo", () => {
  it("saves the company with its logo and serves the logo at /api/businessInfo/logo", async () => {
    const t = await makeTenant({ role: "admin" });
    const cookie = await signIn(t.account, t.password);
    expect((await get("/api/businessInfo/logo", cookie)).status).toBe(404);
    const logo = await upload(cookie, PNG, "logo.png");
    const fields = { companyName: "德瑞克吊装", shortName: "德瑞克", contact: "王工", phone: "021-12345678", address: "上海", logoFileId: String(logo), version: "0" };
    expect((await postForm("/bussinessinfo", fields, { Cookie: cookie })).status).toBe(302);
    const res = await get("/api/businessInfo/logo", cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
    expect(await (await get("/bussinessinfo", cookie)).text()).toContain("德瑞克吊装");
  });

  it("refuses a logo that is not an image, or another tenant's file", async () => {
    const a = await makeTenant({ role: "admin" });
    const b = await makeTenant({ role: "admin" });
    const ca = await signIn(a.account, a.password);
    const cb = await signIn(b.account, b.password);
    const text = await upload(ca, new TextEncoder().encode("hello"), "notes.txt");
    const foreign = await upload(cb, PNG, "logo.png");
    for (const id of [text, foreign]) {
      const res = await postForm("/bussinessinfo", { companyName: "甲公司", shortName: "", contact: "", phone: "", address: "", logoFileId: String(id), version: "0" }, { Cookie: ca });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("请上传本企业的 JPEG 或 PNG 图片作为标志");
    }
    expect(await env.DB.prepare("select count(*) as n from tenant_settings where tenant_id = ? and key = 'business'").bind(a.tenantId).first()).toEqual({ n: 0 });
  });

  it("shows the demo tenant's seeded company, and the seed fills an absent row without overwriting a saved one", async () => {
    const cookie = await signIn(DEMO_USERS.admin.account, DEMO_USERS.admin.password);
    const page = await (await get("/bussinessinfo", cookie)).text();
    for (const text of ["德瑞克起重设备租赁有限公司", "德瑞克租赁", "王建华", "021-58881234", "上海市浦东新区张江路88号"]) expect(page).toContain(text);
    expect((await seedDemo(db())).created).toBe(false);

    const t = await makeTenant({ role: "admin" });
    const saved = { companyName: "甲公司", shortName: "", contact: "", phone: "", address: "", logoFileId: "", version: "0" };
    expect((await postForm("/bussinessinfo", saved, { Cookie: await signIn(t.account, t.password) })).status).toBe(302);
    await seedBusinessInfo(db(), t.tenantId);
    const row = await env.DB.prepare("select value from tenant_settings where tenant_id = ? and key = 'business'").bind(t.tenantId).first<{ value: string }>();
    expect(JSON.parse(row!.value)).toMatchObject({ companyName: "甲公司" });
  });
});
