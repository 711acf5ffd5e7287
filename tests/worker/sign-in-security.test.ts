// Sign-in attacks: tokens used where they were not meant to go or twice, and guessing that must slow the guesser
// without locking the owner out (ADR 004).
import { env } from "cloudflare:test";
import { decodeJwt, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { issueZuqiToken, TOKEN_AUDIENCE } from "../../app/modules/auth/login.server";
import { ACCOUNT_CEILING, PAIR_THRESHOLD } from "../../app/modules/auth/throttle.server";
import { cookiesOf, freshCaptcha, get, makeTenant, postForm, signIn } from "./helpers";

const SOURCE_A = "203.0.113.10";
const SOURCE_B = "198.51.100.20";

const hasSession = (res: Response) => res.headers.getSetCookie().some((c) => c.startsWith("derrick_session=") && !c.startsWith("derrick_session=;"));

/** GET /manageWork?zuqiToken=…: the sign-in link path (workers/app.ts autoLogin). */
async function linkSignIn(token: string) {
  const res = await get(`/manageWork?zuqiToken=${encodeURIComponent(token)}`);
  return { ok: res.headers.get("Location") !== "/login?l=f" && hasSession(res), res };
}

/** POST /api/login with loginType 8. */
async function jsonTokenSignIn(token: string) {
  const res = await postForm("/api/login", { username: "", password: token, loginType: "8" });
  return { ok: res.status === 200 && hasSession(res), res };
}

/** A token signed with the Worker's secret, claims exactly as given (what a careless or hostile issuer might send). */
async function craft(claims: Record<string, unknown>, alg = "HS256") {
  return new SignJWT(claims).setProtectedHeader({ alg }).sign(new TextEncoder().encode(env.ZUQI_TOKEN_SECRET!));
}

const nowS = () => Math.floor(Date.now() / 1000);

describe("sign-in tokens: audience, lifetime, single use", () => {
  it("refuses the project-management token (hzzbGetToken) as a sign-in, by link and by /api/login", async () => {
    const t = await makeTenant();
    const cookie = await signIn(t.account, t.password);
    for (const path of ["/api/hzzbGetToken", "/api/hzzbGetToken2"]) {
      const answer = (await (await get(path, cookie)).json()) as { code: number; data: string };
      expect(answer.code).toBe(200);
      expect(decodeJwt(answer.data)).toMatchObject({ aud: TOKEN_AUDIENCE.project, sub: t.account });

      const link = await linkSignIn(answer.data);
      expect(link.res.status).toBe(302);
      expect(link.res.headers.get("Location")).toBe("/login?l=f");
      expect(hasSession(link.res)).toBe(false);

      const json = await jsonTokenSignIn(answer.data);
      expect(json.res.status).toBe(400);
      expect(hasSession(json.res)).toBe(false);
    }
  });

  it("refuses sign-in tokens without exp, with a lifetime over an hour, without iat or jti, for another audience or another algorithm", async () => {
    const t = await makeTenant();
    const base = () => ({ sub: t.account, aud: TOKEN_AUDIENCE.signIn, jti: crypto.randomUUID(), iat: nowS(), exp: nowS() + 300 });
    const bad: Record<string, () => Promise<string>> = {
      "no exp": () => craft({ ...base(), exp: undefined }),
      "a day long": () => craft({ ...base(), exp: nowS() + 24 * 3600 }),
      "no iat": () => craft({ ...base(), iat: undefined }),
      "no jti": () => craft({ ...base(), jti: undefined }),
      "project audience": () => craft({ ...base(), aud: TOKEN_AUDIENCE.project }),
      "no audience": () => craft({ ...base(), aud: undefined }),
      "several audiences": () => craft({ ...base(), aud: [TOKEN_AUDIENCE.project, TOKEN_AUDIENCE.signIn] }),
      HS512: () => craft(base(), "HS512"),
    };
    // the well-formed control signs in, so the refusals below are about the claim each one changes
    expect((await linkSignIn(await craft(base()))).ok).toBe(true);
    for (const [what, make] of Object.entries(bad)) {
      const link = await linkSignIn(await make());
      expect(link.res.headers.get("Location"), what).toBe("/login?l=f");
      expect(hasSession(link.res), what).toBe(false);
      const json = await jsonTokenSignIn(await make());
      expect(json.res.status, what).toBe(400);
    }
  });

  it("signs in once with a valid sign-in token, then refuses it, on either path", async () => {
    const t = await makeTenant();
    const byLink = await issueZuqiToken(env, t.account);
    expect(decodeJwt(byLink)).toMatchObject({ aud: TOKEN_AUDIENCE.signIn, sub: t.account, jti: expect.any(String), iat: expect.any(Number), exp: expect.any(Number) });
    const first = await linkSignIn(byLink);
    expect(first.ok).toBe(true);
    expect(first.res.headers.get("Location")).toBe("/manageWork");
    expect((await get("/manageWork", cookiesOf(first.res))).status).toBe(200);
    expect((await linkSignIn(byLink)).ok).toBe(false);
    expect((await jsonTokenSignIn(byLink)).res.status).toBe(400);

    const byJson = await issueZuqiToken(env, t.account);
    const json = await jsonTokenSignIn(byJson);
    expect(json.ok).toBe(true);
    expect(((await json.res.json()) as { data: { user: { userId: number } } }).data.user.userId).toBe(t.userId);
    const again = await jsonTokenSignIn(byJson);
    expect(again.res.status).toBe(400);
    expect((await linkSignIn(byJson)).ok).toBe(false);

    const spent = await env.DB.prepare("select count(*) as n from used_tokens where jti in (?, ?)").bind(decodeJwt(byLink).jti!, decodeJwt(byJson).jti!).first<{ n: number }>();
    expect(spent!.n).toBe(2);
  });
});

/** The password form of /login from a given client address. */
async function passwordFrom(source: string, account: string, password: string) {
  const c = await freshCaptcha();
  return postForm("/login", { intent: "password", account, password, captchaId: c.id, captcha: c.answer }, { "CF-Connecting-IP": source });
}

/** /api/login (JSON answer) from a given client address, in a given language. */
async function apiPasswordFrom(source: string, account: string, password: string, lang = "zh-CN") {
  const c = await freshCaptcha();
  const res = await postForm("/api/login", { username: account, password, loginType: "0", uuid: c.id, code: c.answer }, { "CF-Connecting-IP": source, "Accept-Language": lang });
  return { res, body: (await res.json()) as { code: number; message: string } };
}

/** Moves a pair's wait into the past, as if it had been sat out. */
async function sitOutWait(kind: "account" | "phone", name: string, source: string) {
  await env.DB.prepare("update login_throttle set locked_until = ? where key = ?").bind(Date.now() - 1, `${kind}:${name.toLowerCase()}|${source}`).run();
}

async function noticesTo(recipient: string): Promise<string[]> {
  const rows = await env.DB.prepare("select body from outbox where recipient = ? order by id").bind(recipient).all<{ body: string }>();
  return rows.results.map((r) => r.body).filter((b) => b.includes("多次登录失败") || b.includes("failed"));
}

async function phoneOf(userId: number): Promise<string> {
  return (await env.DB.prepare("select phone from users where id = ?").bind(userId).first<{ phone: string }>())!.phone;
}

describe("failed sign-ins slow the guessing source, never the owner", () => {
  it("makes source A wait after five wrong passwords while the right password from B signs in at once", async () => {
    const t = await makeTenant();
    for (let i = 1; i < PAIR_THRESHOLD; i++) {
      const res = await passwordFrom(SOURCE_A, t.account, "Wrong@2026x");
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("账号或密码错误");
    }
    const fifth = await passwordFrom(SOURCE_A, t.account, "Wrong@2026x");
    expect(fifth.status).toBe(429);
    expect(await fifth.text()).toContain("登录失败次数过多");

    // inside the wait even the right password is refused unchecked, and says when to retry
    const right = await apiPasswordFrom(SOURCE_A, t.account, t.password);
    expect(right.res.status).toBe(429);
    expect(Number(right.res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(right.res.headers.get("Retry-After"))).toBeLessThanOrEqual(30);
    expect(right.body.message).toMatch(/^登录失败次数过多，请\d+秒后再试$/);
    expect(hasSession(right.res)).toBe(false);

    const fromB = await passwordFrom(SOURCE_B, t.account, t.password);
    expect(fromB.status).toBe(302);
    expect(hasSession(fromB)).toBe(true);
    // B's success does not let A off
    expect((await passwordFrom(SOURCE_A, t.account, t.password)).status).toBe(429);
  });

  it("answers an unknown account exactly like a known one, waits included", async () => {
    const t = await makeTenant();
    const ghost = `${t.account}-nobody`;
    for (let i = 1; i < PAIR_THRESHOLD; i++) {
      await apiPasswordFrom(SOURCE_A, t.account, "Wrong@2026x");
      await apiPasswordFrom(SOURCE_A, ghost, "Wrong@2026x");
    }
    const known = await apiPasswordFrom(SOURCE_A, t.account, "Wrong@2026x");
    const unknown = await apiPasswordFrom(SOURCE_A, ghost, "Wrong@2026x");
    expect(unknown.res.status).toBe(known.res.status);
    expect(unknown.res.headers.get("Retry-After")).toBe(known.res.headers.get("Retry-After"));
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ code: 429, message: "登录失败次数过多，请30秒后再试" });
  });

  it("doubles the wait with every further failure, says so in the user's language, and does not count attempts inside the wait", async () => {
    const t = await makeTenant();
    for (let i = 1; i < PAIR_THRESHOLD; i++) await apiPasswordFrom(SOURCE_A, t.account, "Wrong@2026x", "en-US");
    const waits: string[] = [];
    const messages: string[] = [];
    for (let round = 0; round < 4; round++) {
      if (round > 0) await sitOutWait("account", t.account, SOURCE_A);
      const { res, body } = await apiPasswordFrom(SOURCE_A, t.account, "Wrong@2026x", "en-US");
      expect(res.status).toBe(429);
      waits.push(res.headers.get("Retry-After")!);
      messages.push(body.message);
      // retrying inside the wait neither checks nor lengthens it
      const inside = await apiPasswordFrom(SOURCE_A, t.account, "Wrong@2026x", "en-US");
      expect(inside.res.status).toBe(429);
      expect(Number(inside.res.headers.get("Retry-After"))).toBeLessThanOrEqual(Number(waits[round]));
    }
    expect(waits).toEqual(["30", "60", "120", "240"]);
    expect(messages).toEqual([
      "Too many failed attempts. Please wait and try again in 30 seconds.",
      "Too many failed attempts. Please wait and try again in 1 minute.",
      "Too many failed attempts. Please wait and try again in 2 minutes.",
      "Too many failed attempts. Please wait and try again in 4 minutes.",
    ]);
    // capped at 15 minutes
    for (let round = 0; round < 4; round++) {
      await sitOutWait("account", t.account, SOURCE_A);
      await apiPasswordFrom(SOURCE_A, t.account, "Wrong@2026x", "en-US");
    }
    await sitOutWait("account", t.account, SOURCE_A);
    const capped = await apiPasswordFrom(SOURCE_A, t.account, "Wrong@2026x");
    expect(capped.res.headers.get("Retry-After")).toBe("900");
    expect(capped.body.message).toBe("登录失败次数过多，请15分钟后再试");
    // once the wait is over, the right password signs in and the pair starts afresh
    await sitOutWait("account", t.account, SOURCE_A);
    expect((await passwordFrom(SOURCE_A, t.account, t.password)).status).toBe(302);
    expect((await passwordFrom(SOURCE_A, t.account, "Wrong@2026x")).status).toBe(400);
  });

  it("sends the owner one notice when a source reaches the threshold, and no more within the hour", async () => {
    const t = await makeTenant();
    const phone = await phoneOf(t.userId);
    for (let i = 1; i < PAIR_THRESHOLD; i++) await passwordFrom(SOURCE_A, t.account, "Wrong@2026x");
    expect(await noticesTo(phone)).toEqual([]);
    await passwordFrom(SOURCE_A, t.account, "Wrong@2026x");
    const notices = await noticesTo(phone);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(t.account);
    expect(notices[0]).toContain(SOURCE_A);
    // a second source reaching the threshold, and A failing on, within the hour: still one notice
    for (let i = 0; i < PAIR_THRESHOLD; i++) await passwordFrom(SOURCE_B, t.account, "Wrong@2026x");
    await sitOutWait("account", t.account, SOURCE_A);
    await passwordFrom(SOURCE_A, t.account, "Wrong@2026x");
    expect(await noticesTo(phone)).toHaveLength(1);
  });

  it("past the per-account ceiling a new source waits from its first failure, yet the owner still signs in", async () => {
    const t = await makeTenant();
    // as if ACCOUNT_CEILING failures had come from many sources
    await env.DB.prepare("insert into login_throttle (key, failures, locked_until, updated_at) values (?, ?, null, ?)").bind(`account:${t.account.toLowerCase()}`, ACCOUNT_CEILING, Date.now()).run();
    const first = await apiPasswordFrom("192.0.2.33", t.account, "Wrong@2026x");
    expect(first.res.status).toBe(429);
    expect(first.res.headers.get("Retry-After")).toBe("30");
    const owner = await passwordFrom("192.0.2.44", t.account, t.password);
    expect(owner.status).toBe(302);
  });

  it("applies the same pair rule to SMS code sign-in", async () => {
    const t = await makeTenant({ role: "viewer" });
    const phone = await phoneOf(t.userId);
    const smsFrom = async (source: string, code: string) => {
      const c = await freshCaptcha();
      return postForm("/login", { intent: "sms", phone, code, captchaId: c.id, captcha: c.answer }, { "CF-Connecting-IP": source });
    };
    const newCode = async () => {
      // a code may be sent once a minute: let the last one be older than that
      await env.DB.prepare("update verification_codes set created_at = created_at - 120000 where target = ?").bind(phone).run();
      expect((await postForm("/login", { intent: "sendSms", phone })).status).toBe(200);
      const row = await env.DB.prepare("select code from verification_codes where target = ? and purpose = 'login' order by id desc limit 1").bind(phone).first<{ code: string }>();
      return row!.code;
    };
    const code = await newCode();
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 1; i < PAIR_THRESHOLD; i++) {
      const res = await smsFrom(SOURCE_A, wrong);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("短信验证码错误或已失效");
    }
    const fifth = await smsFrom(SOURCE_A, wrong);
    expect(fifth.status).toBe(429);
    expect(await fifth.text()).toContain("登录失败次数过多");
    expect(await noticesTo(phone)).toHaveLength(1);

    // five wrong tries spent that code; a fresh one is refused to A unchecked (and stays unspent) but admits B
    const fresh = await newCode();
    expect((await smsFrom(SOURCE_A, fresh)).status).toBe(429);
    const fromB = await smsFrom(SOURCE_B, fresh);
    expect(fromB.status).toBe(302);
    expect(hasSession(fromB)).toBe(true);
  });
});
