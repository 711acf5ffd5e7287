import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, users } from "../../db/schema";
import { DEMO_USERS } from "../../db/seed/demo-identity";
import { encodeLoginParam, issueZuqiToken } from "../../app/modules/auth/login.server";
import { bumpAccessVersion } from "../../app/modules/access/access.server";
import { forgetSessions } from "../../app/modules/auth/session.server";
import { attemptLogin, cookiesOf, db, freshCaptcha, get, makeTenant, ORIGIN, postForm, signIn } from "./helpers";

describe("sign-in with account, password and captcha", () => {
  it("signs in, sets an HttpOnly SameSite=Lax cookie and lands on /manageWork", async () => {
    const res = await attemptLogin(DEMO_USERS.dispatcher.account, DEMO_USERS.dispatcher.password);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/manageWork");
    const session = res.headers.getSetCookie().find((c) => c.startsWith("derrick_session="))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    const home = await get("/manageWork", cookiesOf(res));
    expect(home.status).toBe(200);
    expect(await home.text()).toContain(DEMO_USERS.dispatcher.name);
  });

  it("refuses a wrong password and an unknown account with the same message", async () => {
    const t = await makeTenant();
    const wrong = await attemptLogin(t.account, "Wrong@2026x");
    const unknown = await attemptLogin(`${t.account}-nobody`, "Wrong@2026x");
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    const [a, b] = [await wrong.text(), await unknown.text()];
    expect(a).toContain("账号或密码错误");
    expect(b).toContain("账号或密码错误");
  });

  it("makes the failing source wait after five wrong passwords, even with the right one (tests/worker/sign-in-security.test.ts)", async () => {
    const t = await makeTenant();
    for (let i = 0; i < 4; i++) expect(await (await attemptLogin(t.account, "Wrong@2026x")).text()).toContain("账号或密码错误");
    const fifth = await attemptLogin(t.account, "Wrong@2026x");
    expect(fifth.status).toBe(429);
    expect(await fifth.text()).toContain("登录失败次数过多");
    const right = await attemptLogin(t.account, t.password);
    expect(right.status).toBe(429);
    expect(await right.text()).toContain("登录失败次数过多");
  });

  it("refuses an expired account and a disabled one, once the password is right", async () => {
    const expired = await makeTenant({ expiresAt: Date.now() - 1000 });
    expect(await (await attemptLogin(expired.account, expired.password)).text()).toContain("该账号已过期");
    const disabled = await makeTenant({ state: 0 });
    expect(await (await attemptLogin(disabled.account, disabled.password)).text()).toContain("该账号已被停用");
  });

  it("refuses a wrong captcha and a reused one", async () => {
    const t = await makeTenant();
    const c = await freshCaptcha();
    const bad = await attemptLogin(t.account, t.password, "/login", { id: c.id, answer: "ZZZZ" });
    expect(await bad.text()).toContain("验证码错误或已失效");
    // the wrong try used the captcha up: its right answer no longer works
    const reused = await attemptLogin(t.account, t.password, "/login", c);
    expect(reused.status).toBe(400);
    expect(await reused.text()).toContain("验证码错误或已失效");
  });

  it("admits only administrators at /loginAdmin", async () => {
    const viewer = await makeTenant({ role: "viewer" });
    const res = await attemptLogin(viewer.account, viewer.password, "/loginAdmin");
    expect(await res.text()).toContain("该账号不是管理员账号");
    const admin = await makeTenant({ role: "admin" });
    expect((await attemptLogin(admin.account, admin.password, "/loginAdmin")).status).toBe(302);
  });

  it("remembers the account but never the password", async () => {
    const t = await makeTenant();
    const c = await freshCaptcha();
    const res = await postForm("/login", { intent: "password", account: t.account, password: t.password, captchaId: c.id, captcha: c.answer, remember: "1" });
    const remember = res.headers.getSetCookie().find((x) => x.startsWith("derrick_remember="))!;
    expect(decodeURIComponent(remember)).toContain(t.account);
    expect(remember).not.toContain(t.password);
    const page = await (await get("/login", remember.split(";")[0])).text();
    expect(page).toContain(`value="${t.account}"`);
  });

  it("refuses a POST from a foreign Origin", async () => {
    const res = await postForm("/login", { intent: "password", account: "admin", password: "x" }, { Origin: "https://evil.example" });
    expect(res.status).toBe(403);
    const cookie = await signIn(DEMO_USERS.viewer.account, DEMO_USERS.viewer.password);
    const noOrigin = await fetchNoOrigin("/logout", cookie);
    expect(noOrigin.status).toBe(403);
  });
});

async function fetchNoOrigin(path: string, cookie: string) {
  const { SELF } = await import("cloudflare:test");
  return SELF.fetch(`${ORIGIN}${path}`, { method: "POST", redirect: "manual", headers: { Cookie: cookie, Host: "localhost" } });
}

describe("sessions", () => {
  it("sends a visitor without a session to /login?l=f, and screen routes to /login?l=t", async () => {
    const res = await get("/contractList");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/login\?l=f&redirectTo=%2FcontractList/);
    const screen = await get("/windScreen");
    expect(screen.headers.get("Location")).toMatch(/^\/login\?l=t/);
  });

  it("treats a tampered cookie as an expired session: one message, then /login", async () => {
    const cookie = await signIn(DEMO_USERS.viewer.account, DEMO_USERS.viewer.password);
    const tampered = cookie.replace(/derrick_session=([^;]+)/, (_, v: string) => `derrick_session=${v.slice(0, -3)}abc`);
    const res = await get("/manageWork", tampered);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/login\?l=f/);
    const flash = cookiesOf(res);
    expect(flash).toContain("derrick_flash=sessionExpired");
    const login = await get("/login", flash);
    expect(await login.text()).toContain("会话失效,请重新登录");
    const cleared = cookiesOf(login);
    const again = await get("/login", cleared);
    expect(await again.text()).not.toContain("会话失效,请重新登录");
  });

  it("treats a cookie whose signature is not even base64 as an expired session, on a page and at sign-out", async () => {
    const cookie = await signIn(DEMO_USERS.viewer.account, DEMO_USERS.viewer.password);
    // the value is "<base64 payload>.<base64 signature>"; '*' cannot be decoded at all
    const garbled = cookie.replace(/derrick_session=([^;]+)/, (_, v: string) => `derrick_session=${v.slice(0, v.lastIndexOf(".") + 1)}a*b`);
    const res = await get("/manageWork", garbled);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/login\?l=f/);
    expect(cookiesOf(res)).toContain("derrick_flash=sessionExpired");
    const out = await postForm("/logout", {}, { Cookie: garbled });
    expect(out.status).toBe(302);
    expect(out.headers.get("Set-Cookie")).toMatch(/derrick_session=;.*Max-Age=0/i);
  });

  it("ends a revoked session (sign-out) and an expired one", async () => {
    const cookie = await signIn(DEMO_USERS.viewer.account, DEMO_USERS.viewer.password);
    const out = await postForm("/logout", {}, { Cookie: cookie });
    expect(out.headers.get("Location")).toBe("/login?l=f");
    expect((await get("/manageWork", cookie)).status).toBe(302);

    const t = await makeTenant();
    const other = await signIn(t.account, t.password);
    await db().update(sessions).set({ expiresAt: Date.now() - 1 }).where(eq(sessions.userId, t.userId));
    const res = await get("/manageWork", other);
    expect(res.status).toBe(302);
    expect(cookiesOf(res)).toContain("derrick_flash=sessionExpired");
  });
});

describe("automatic sign-in links", () => {
  it("signs in with a valid encodeParam and goes to its path", async () => {
    const t = await makeTenant();
    const token = await encodeLoginParam(env, { u: t.account, p: t.password, l: 0, expire: Date.now() + 60_000, path: "/contractList" });
    const res = await get(`/manageWork?encodeParam=${encodeURIComponent(token)}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/contractList");
    expect((await get("/contractList", cookiesOf(res))).status).toBe(200);
  });

  it("sends expired, tampered or wrong-credential links to /login", async () => {
    const t = await makeTenant();
    const expired = await encodeLoginParam(env, { u: t.account, p: t.password, l: 0, expire: Date.now() - 1 });
    const wrong = await encodeLoginParam(env, { u: t.account, p: "Wrong@2026", l: 0, expire: Date.now() + 60_000 });
    const good = await encodeLoginParam(env, { u: t.account, p: t.password, l: 0, expire: Date.now() + 60_000 });
    const tampered = good.slice(0, -4) + (good.endsWith("AAAA") ? "BBBB" : "AAAA");
    for (const value of [expired, wrong, tampered, "not-a-token"]) {
      const res = await get(`/?encodeParam=${encodeURIComponent(value)}`);
      expect(res.headers.get("Location")).toBe("/login?l=f");
      expect(res.headers.getSetCookie().some((c) => c.startsWith("derrick_session=") && !c.startsWith("derrick_session=;"))).toBe(false);
    }
  });

  it("signs in with a zuqiToken (login type 8) and refuses a forged one", async () => {
    const t = await makeTenant();
    const token = await issueZuqiToken(env, t.account);
    const res = await get(`/?zuqiToken=${encodeURIComponent(token)}&path=%2FdeviceList`);
    expect(res.headers.get("Location")).toBe("/deviceList");
    const forged = await get(`/?zuqiToken=${encodeURIComponent(token.slice(0, -2) + "xx")}`);
    expect(forged.headers.get("Location")).toBe("/login?l=f");
  });
});

describe("JSON sign-in at /api/login", () => {
  it("answers the spec §3 response shape", async () => {
    const t = await makeTenant();
    const c = await freshCaptcha();
    const res = await postForm("/api/login", { username: t.account, password: t.password, loginType: "0", adminLogin: "0", ipaddr: "127.0.0.1", uuid: c.id, code: c.answer });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, any>;
    expect(body.code).toBe(200);
    expect(body.data.user.userId).toBe(t.userId);
    expect(typeof body.data.user.craneSessionId).toBe("string");
    expect(body.sid).toBe(body.data.user.craneSessionId);
    expect(body.sysConfigList).toContainEqual(expect.objectContaining({ typeName: "sys.software.version" }));
    expect(body.privilegeNodeList.length).toBeGreaterThan(5);
    expect(body.privilegeNodeList[0]).toHaveProperty("privis");
    expect(body.privilegeNodeList[0]).toHaveProperty("children");
    expect(body.company).toEqual(expect.objectContaining({ companyKind: 1 }));
  });
  it("refuses bad credentials and a missing captcha with a reason", async () => {
    const t = await makeTenant();
    const noCaptcha = await postForm("/api/login", { username: t.account, password: t.password });
    expect(noCaptcha.status).toBe(400);
    expect(((await noCaptcha.json()) as { message: string }).message).toContain("验证码");
  });
});

describe("permissions and tenant isolation", () => {
  it("answers 403 with 权限不足！ for a screen outside the user's menus", async () => {
    const cookie = await signIn(DEMO_USERS.viewer.account, DEMO_USERS.viewer.password);
    const res = await get("/userManage", cookie);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("权限不足！");
  });

  it("applies a change of the user's role menus on the next request", async () => {
    const t = await makeTenant({ role: "viewer" });
    const cookie = await signIn(t.account, t.password);
    expect((await get("/userManage", cookie)).status).toBe(403);
    await env.DB.prepare("insert into role_menus (tenant_id, role_id, menu_id) select ?, ?, id from menus where tenant_id = ? and router_path = '/userManage'")
      .bind(t.tenantId, t.roleIds.viewer, t.tenantId)
      .run();
    await bumpAccessVersion(db(), t.tenantId);
    // written past the app, as another isolate would: this one's session cache lets go of it within
    // SESSION_CACHE_MS (tests/worker/session-cache.test.ts); here it is let go at once
    forgetSessions();
    expect((await get("/userManage", cookie)).status).toBe(200);
  });

  it("answers 404 when a user of tenant A asks for a row of tenant B", async () => {
    const a = await makeTenant();
    const b = await makeTenant();
    const cookie = await signIn(a.account, a.password);
    const own = await get(`/api/system/user/detail?id=${a.userId}`, cookie);
    expect(own.status).toBe(200);
    const foreign = await get(`/api/system/user/detail?id=${b.userId}`, cookie);
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).not.toContain(b.account);
  });

  it("sends /customerScreen of a customer company (kind 5) to /customerScreenInfo", async () => {
    const t = await makeTenant({ companyKind: 5 });
    const cookie = await signIn(t.account, t.password);
    const res = await get("/customerScreen", cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/customerScreenInfo");
  });

  it("keeps a disabled user's existing session from working", async () => {
    const t = await makeTenant();
    const cookie = await signIn(t.account, t.password);
    await db().update(users).set({ state: 0 }).where(eq(users.id, t.userId));
    expect((await get("/manageWork", cookie)).status).toBe(302);
  });
});
