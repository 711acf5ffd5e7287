import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get, makeTenant, postForm, signIn, unique } from "./helpers";

async function adminOf() {
  const t = await makeTenant({ role: "admin" });
  return { ...t, cookie: await signIn(t.account, t.password) };
}

describe("settings lists on the generic screen", () => {
  it("/alarmMgr saves an alarm setting and refuses bad values in both languages", async () => {
    const a = await adminOf();
    const post = (f: Record<string, string>, lang = "zh-CN") => postForm("/alarmMgr", { intent: "create", ...f }, { Cookie: `${a.cookie}; derrick_lang=${lang}` });
    const bad = { name: "超速!", level: "4", shown: "1", handleMode: "later", measure: "措".repeat(201) };
    // the messages hold "&", which the page writes as &amp;
    const zh = (await (await post(bad)).text()).replaceAll("&amp;", "&");
    for (const m of ["不能包含特殊字符 ~ # ^ $ @ % & ! ? 或表情", "此项不能为空", "建议措施不能超过200个字符"]) expect(zh).toContain(m);
    const en = (await (await post(bad, "en-US")).text()).replaceAll("&amp;", "&");
    for (const m of ["Do not use ~ # ^ $ @ % & ! ? or emoji", "The suggested measure can be at most 200 characters"]) expect(en).toContain(m);

    const name = unique("疲劳驾驶");
    expect((await post({ name, level: "1", shown: "0", handleMode: "auto", measure: "立即停车休息" })).status).toBe(302);
    const row = await env.DB.prepare("select level, shown, handle_mode, measure from alarm_settings where tenant_id = ? and name = ?").bind(a.tenantId, name).first();
    expect(row).toEqual({ level: 1, shown: 0, handle_mode: "auto", measure: "立即停车休息" });
    const dup = await post({ name, level: "2", shown: "1", handleMode: "manual", measure: "" });
    expect(dup.status).toBe(409);
    expect(await dup.text()).toContain("该名称已存在");
    const list = await (await get(`/alarmMgr?level=1&handleMode=auto`, a.cookie)).text();
    expect(list).toContain(name);
    expect(list).toContain("自动处理");
  });

  it("/buildCompany and /equipmentDepository check phones and lengths", async () => {
    const a = await adminOf();
    const company = await postForm("/buildCompany", { intent: "create", name: unique("建设"), contact: "张三李四王五赵六钱七孙", phone: "12345", address: "", remark: "" }, { Cookie: a.cookie });
    const html = await company.text();
    expect(html).toContain("请输入正确的手机号或座机号（如 021-12345678）");
    expect(html).toContain("联系人不能超过10个字符");
    for (const phone of ["13912345678", "021-12345678", "0571-1234567"]) {
      expect((await postForm("/buildCompany", { intent: "create", name: unique("建设"), contact: "张三", phone, address: "", remark: "" }, { Cookie: a.cookie })).status).toBe(302);
    }
    const depot = unique("仓库");
    expect((await postForm("/equipmentDepository", { intent: "create", name: depot, address: "上海市浦东新区", manager: "王五", phone: "", state: "0", remark: "" }, { Cookie: a.cookie })).status).toBe(302);
    const closed = await (await get("/equipmentDepository?state=0", a.cookie)).text();
    expect(closed).toContain(depot);
    expect(await (await get("/equipmentDepository?state=1", a.cookie)).text()).not.toContain(depot);
  });

  it("refuses a direct POST from a user without the permission", async () => {
    const t = await makeTenant({ role: "viewer" });
    const cookie = await signIn(t.account, t.password);
    expect((await postForm("/alarmMgr", { intent: "create", name: "x", level: "1", shown: "1", handleMode: "manual", measure: "" }, { Cookie: cookie })).status).toBe(403);
    expect((await get("/buildCompany", cookie)).status).toBe(403);
  });
});
