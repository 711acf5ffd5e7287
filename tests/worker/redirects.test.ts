// Every place that follows a path it was given (sign-in, signed-in /login, the preference switch, a zuqiToken link)
// goes only to a path of this site: the probe's tab, backslash, `//`, scheme and CR/LF forms all land on the fallback.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { issueZuqiToken } from "../../app/modules/auth/login.server";
import { freshCaptcha, get, makeTenant, ORIGIN, postForm, signIn } from "./helpers";

/** What an attacker puts in a redirect parameter, as it travels in a URL (encoded). */
const HOSTILE = ["/%09/evil.example", "/%5Cevil.example", "//evil.example", "/%2F%2Fevil.example/..", "/..//evil.example", "https://evil.example", "javascript:alert(1)", "/%0d%0aSet-Cookie:x=1", "/%0aevil", "%2F%2Fevil.example"];

const sameSite = (location: string | null) => {
  expect(location).not.toBeNull();
  const resolved = new URL(location!, ORIGIN);
  expect(resolved.origin).toBe(ORIGIN);
  expect(location!.startsWith("//")).toBe(false);
  expect(location).not.toMatch(/[\t\r\n\\]/);
  return location!;
};

describe("redirect targets", () => {
  it("POST /login?redirectTo= goes only to a same-site path", async () => {
    const t = await makeTenant();
    for (const target of HOSTILE) {
      const c = await freshCaptcha();
      const res = await postForm(`/login?redirectTo=${target}`, { intent: "password", account: t.account, password: t.password, captchaId: c.id, captcha: c.answer });
      expect(res.status, target).toBe(302);
      expect(sameSite(res.headers.get("Location")), target).toBe("/manageWork");
    }
    const res = await postForm("/login?redirectTo=%2FuserManage%3Fpage%3D2", { intent: "password", account: t.account, password: t.password, ...(await captchaFields()) });
    expect(res.headers.get("Location")).toBe("/userManage?page=2");
  });

  it("GET /login when signed in, with the same targets, never answers 500 or leaves the site", async () => {
    const t = await makeTenant();
    const cookie = await signIn(t.account, t.password);
    for (const target of HOSTILE) {
      const res = await get(`/login?redirectTo=${target}`, cookie);
      expect(res.status, target).toBe(302);
      expect(res.headers.get("Set-Cookie") ?? "", target).not.toContain("x=1");
      expect(sameSite(res.headers.get("Location")), target).toBe("/manageWork");
    }
  });

  it("the preference switch goes back to the page it was on, the sign-in page included, and nowhere else", async () => {
    for (const target of HOSTILE) {
      const res = await postForm("/settings", { lang: "en-US", redirectTo: decodeURIComponent(target) });
      expect(res.status, target).toBe(302);
      expect(sameSite(res.headers.get("Location")), target).toBe("/manageWork");
    }
    expect((await postForm("/settings", { lang: "en-US", redirectTo: "/login?l=t" })).headers.get("Location")).toBe("/login?l=t");
    expect((await postForm("/settings", { lang: "en-US", redirectTo: "/logout" })).headers.get("Location")).toBe("/manageWork");
  });

  it("a zuqiToken link's path= goes only to a same-site path", async () => {
    const t = await makeTenant();
    for (const target of HOSTILE) {
      const token = await issueZuqiToken(env, t.account);
      const res = await SELF.fetch(`${ORIGIN}/manageWork?zuqiToken=${encodeURIComponent(token)}&path=${target}`, { redirect: "manual" });
      expect(res.status, target).toBe(302);
      expect(sameSite(res.headers.get("Location")), target).toBe("/manageWork");
    }
  });
});

async function captchaFields() {
  const c = await freshCaptcha();
  return { captchaId: c.id, captcha: c.answer };
}
