import { env, SELF } from "cloudflare:test";
import { readSheet } from "read-excel-file/universal";
import writeExcelFile from "write-excel-file/universal";
import { describe, expect, it } from "vitest";
import { get, makeTenant, ORIGIN, postForm, signIn, unique } from "./helpers";

async function admin() {
  const t = await makeTenant({ role: "admin" });
  return { ...t, cookie: await signIn(t.account, t.password) };
}

function postFile(cookie: string, file: Blob, name: string) {
  const body = new FormData();
  body.set("intent", "import");
  body.set("file", new File([file], name));
  return SELF.fetch(`${ORIGIN}/userManage`, { method: "POST", redirect: "manual", headers: { Origin: ORIGIN, Host: "localhost", Cookie: cookie }, body });
}

describe("Excel export and import of a resource", () => {
  it("exports the filtered list with the table's headers and values", async () => {
    const a = await admin();
    const res = await get(`/excel/user/export?q=${a.account}`, a.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("spreadsheetml");
    expect(res.headers.get("Content-Disposition")).toContain("filename*=UTF-8''");
    const sheet = await readSheet(await res.arrayBuffer());
    expect(sheet[0]!.slice(0, 3)).toEqual(["登录账号", "用户名", "所属组织"]);
    expect(sheet).toHaveLength(2);
    expect(sheet[1]![0]).toBe(a.account);
    expect(sheet[1]).toContain("启用");
    expect(sheet[1]).toContain("永久");
  });

  it("refuses export and the template without the permission codes", async () => {
    const t = await makeTenant({ role: "viewer" });
    await env.DB.prepare("insert or ignore into role_menus (tenant_id, role_id, menu_id) select ?, ?, id from menus where tenant_id = ? and router_path = '/userManage'").bind(t.tenantId, t.roleIds.viewer, t.tenantId).run();
    await env.DB.prepare("update tenants set access_version = access_version + 1 where id = ?").bind(t.tenantId).run();
    const cookie = await signIn(t.account, t.password);
    expect((await get("/excel/user/export", cookie)).status).toBe(403);
    expect((await get("/excel/user/template", cookie)).status).toBe(403);
    expect((await postFile(cookie, new Blob(["x"]), "a.xlsx")).status).toBe(403);
    expect((await get("/excel/nothing/export", cookie)).status).toBe(404);
  });

  it("gives a template whose header marks the required fields", async () => {
    const a = await admin();
    const sheet = await readSheet(await (await get("/excel/user/template", a.cookie)).arrayBuffer());
    expect(sheet[0]).toContain("*登录账号");
    expect(sheet[0]).toContain("手机号");
  });

  it("keeps the valid rows and reports every rejected row with its reasons", async () => {
    const a = await admin();
    const good = unique("imp");
    const header = ["*登录账号", "*用户名", "*初始密码", "*所属组织", "*角色", "手机号", "状态"].map((value) => ({ value }));
    const orgName = (await env.DB.prepare("select name from organisations where id = ?").bind(a.rootOrgId).first<{ name: string }>())!.name;
    const row = (account: string, phone: string) => [account, `名${account}`, "Passw0rd@26", orgName, "只读用户", phone, "启用"].map((value) => ({ value }));
    const file = await writeExcelFile([header, row(good, "13911112222"), row(unique("bad"), "123"), row(a.account, "13911113333")]).toBlob();
    const res = await postFile(a.cookie, file, "users.xlsx");
    expect(res.status).toBe(200);
    const html = await res.text();
    const report = /data-testid="import-report"[\s\S]*?<\/div>/.exec(html)?.[0] ?? html.slice(0, 300);
    expect(report).toContain("导入完成：成功 1 条，失败 2 条");
    expect(report.replace(/<!-- -->/g, "")).toMatch(/第 3 行：手机号 请输入正确的手机号码/);
    expect(report.replace(/<!-- -->/g, "")).toMatch(/第 4 行：登录账号 该账号已存在/);
    const saved = await env.DB.prepare("select phone, state, tenant_id from users where login_account = ?").bind(good).first();
    expect(saved).toEqual({ phone: "13911112222", state: 1, tenant_id: a.tenantId });
  });

  it("refuses a file that is not an Excel workbook, and an empty one", async () => {
    const a = await admin();
    expect(await (await postFile(a.cookie, new Blob(["just,text"]), "users.xlsx")).text()).toContain("请上传 .xlsx 格式的 Excel 文件");
    expect(await (await postFile(a.cookie, new Blob([]), "users.xlsx")).text()).toContain("文件内容为空");
    const noHeader = await writeExcelFile([[{ value: "whatever" }], [{ value: "x" }]]).toBlob();
    expect(await (await postFile(a.cookie, noHeader, "users.xlsx")).text()).toContain("未找到可识别的表头，请使用导入模板");
    const zh = await postForm("/userManage", { intent: "import" }, { Cookie: a.cookie });
    expect(zh.status).toBe(400);
  });
});
