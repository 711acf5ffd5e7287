import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { cookiesOf, freshCaptcha, get, makeTenant, postForm, signIn, attemptLogin } from "./helpers";

async function phoneOf(userId: number): Promise<string> {
  const row = await env.DB.prepare("select phone from users where id = ?").bind(userId).first<{ phone: string }>();
  return row!.phone;
}

/** The newest code the outbox holds for a recipient (no SMS provider is configured in tests). */
async function codeFromOutbox(recipient: string): Promise<string> {
  const row = await env.DB.prepare("select body from outbox where recipient = ? order by id desc limit 1").bind(recipient).first<{ body: string }>();
  const code = /(\d{6})/.exec(row?.body ?? "")?.[1];
  if (!code) throw new Error(`no code in the outbox for ${recipient}`);
  return code;
}

describe("phone and SMS code sign-in", () => {
  it("sends a code to the outbox and signs in with it, once", async () => {
    const t = await makeTenant({ role: "viewer" });
    const phone = await phoneOf(t.userId);
    const sent = await postForm("/login", { intent: "sendSms", phone });
    expect(sent.status).toBe(200);
    const code = await codeFromOutbox(phone);

    const c = await freshCaptcha();
    const res = await postForm("/login", { intent: "sms", phone, code, captchaId: c.id, captcha: c.answer });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/manageWork");
    expect((await get("/manageWork", cookiesOf(res))).status).toBe(200);

    // the code is spent
    const again = await freshCaptcha();
    const reuse = await postForm("/login", { intent: "sms", phone, code, captchaId: again.id, captcha: again.answer });
    expect(reuse.status).toBe(400);
    expect(await reuse.text()).toContain("短信验证码错误或已失效");
  });

  it("refuses a bad phone number, a second code within a minute, and a wrong code", async () => {
    const bad = await postForm("/login", { intent: "sendSms", phone: "12345" });
    expect(bad.status).toBe(400);

    const t = await makeTenant({ role: "viewer" });
    const phone = await phoneOf(t.userId);
    expect((await postForm("/login", { intent: "sendSms", phone })).status).toBe(200);
    const soon = await postForm("/login", { intent: "sendSms", phone });
    expect(soon.status).toBe(429);
    expect(await soon.text()).toContain("发送过于频繁，请稍后再试");

    const c = await freshCaptcha();
    const wrong = await postForm("/login", { intent: "sms", phone, code: "000000", captchaId: c.id, captcha: c.answer });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("短信验证码错误或已失效");
  });

  it("answers an unknown phone exactly as a known one, and sends nothing", async () => {
    const unknown = "13999999999";
    const res = await postForm("/login", { intent: "sendSms", phone: unknown });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("如果该号码已注册，验证码已发送，5分钟内有效。");
    const row = await env.DB.prepare("select count(*) as n from outbox where recipient = ?").bind(unknown).first<{ n: number }>();
    expect(row!.n).toBe(0);
  });
});

describe("password reset", () => {
  it("checks the password rules and the confirmation, then resets with the code", async () => {
    const t = await makeTenant({ role: "viewer" });
    const phone = await phoneOf(t.userId);
    const base = { account: t.account, channel: "sms", target: phone };
    expect((await postForm("/resetPassword", { ...base, intent: "send" })).status).toBe(200);
    const code = await codeFromOutbox(phone);

    const weak = await postForm("/resetPassword", { ...base, intent: "reset", code, password: "abcdefgh", confirm: "abcdefgh" });
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain("密码须为8-20位，且包含数字、大写字母和小写字母");

    const tooLong = await postForm("/resetPassword", { ...base, intent: "reset", code, password: "Aa1" + "x".repeat(18), confirm: "Aa1" + "x".repeat(18) });
    expect(await tooLong.text()).toContain("密码须为8-20位，且包含数字、大写字母和小写字母");

    const mismatch = await postForm("/resetPassword", { ...base, intent: "reset", code, password: "NewPass2026", confirm: "NewPass2027" });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("两次输入的密码不一致");

    const done = await postForm("/resetPassword", { ...base, intent: "reset", code, password: "NewPass2026", confirm: "NewPass2026" });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/login?l=f");

    expect((await attemptLogin(t.account, t.password)).status).toBe(400);
    expect(await signIn(t.account, "NewPass2026")).toContain("derrick_session=");
  });

  it("refuses a code sent for another account's phone", async () => {
    const a = await makeTenant({ role: "viewer" });
    const b = await makeTenant({ role: "viewer" });
    const phoneA = await phoneOf(a.userId);
    await postForm("/resetPassword", { account: a.account, channel: "sms", target: phoneA, intent: "send" });
    const code = await codeFromOutbox(phoneA);
    const res = await postForm("/resetPassword", { account: b.account, channel: "sms", target: phoneA, intent: "reset", code, password: "NewPass2026", confirm: "NewPass2026" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("验证码错误或已失效");
    expect(await signIn(b.account, b.password)).toContain("derrick_session=");
  });
});

describe("visit log", () => {
  it("stores a visit of the signed-in user and refuses a bad one with a reason", async () => {
    const t = await makeTenant({ role: "viewer" });
    const cookie = await signIn(t.account, t.password);
    const ok = await postForm("/api/visitLog/save", { phoneType: "0", firstModule: "合同管理", secondModule: "合同列表", stayTime: "4200" }, { Cookie: cookie });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ code: 200 });
    const row = await env.DB.prepare("select first_module, second_module, stay_time, tenant_id from visit_logs where user_id = ?").bind(t.userId).first();
    expect(row).toEqual({ first_module: "合同管理", second_module: "合同列表", stay_time: 4200, tenant_id: t.tenantId });

    const bad = await postForm("/api/visitLog/save", { firstModule: "", stayTime: "-1" }, { Cookie: cookie });
    expect(bad.status).toBe(400);
    expect((await bad.json()) as { message: string }).toMatchObject({ code: 400 });

    const anonymous = await postForm("/api/visitLog/save", { firstModule: "x", stayTime: "1" });
    expect(anonymous.status).toBe(401);
  });
});

describe("a server fault", () => {
  it("shows 服务异常，请稍后重试 and never a stack trace", async () => {
    const t = await makeTenant({ role: "viewer" });
    // a stored settings row that cannot be read makes the sign-in fail inside the server
    await env.DB.prepare("insert into user_settings (user_id, tenant_id, lang, settings, updated_at) values (?, ?, 'zh-CN', '{broken', 0)").bind(t.userId, t.tenantId).run();
    const res = await attemptLogin(t.account, t.password);
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain("服务异常，请稍后重试");
    expect(html).not.toMatch(/SyntaxError|at .*\.(js|ts):\d+|node_modules/);
  });
});
