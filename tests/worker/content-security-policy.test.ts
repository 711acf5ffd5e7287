import { describe, expect, it } from "vitest";
import { get, makeTenant, signIn } from "./helpers";

/** The nonce a response's policy names, checked against the policy's fixed part. */
function policyNonce(res: Response): string {
  const policy = res.headers.get("Content-Security-Policy");
  expect(policy).not.toBeNull();
  const scripts = policy!.split("; ").find((d) => d.startsWith("script-src "));
  const nonce = /^script-src 'nonce-([A-Za-z0-9+/]+=*)' 'strict-dynamic' 'wasm-unsafe-eval'$/.exec(scripts ?? "")?.[1];
  expect(nonce, scripts).toBeDefined();
  const fixed = ["default-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'self'"];
  for (const directive of fixed) expect(policy).toContain(directive);
  expect(policy).not.toContain("'unsafe-eval'");
  return nonce!;
}

/** Every script tag of a document, with the nonce it carries (null without one). */
function scriptTags(html: string) {
  return [...html.matchAll(/<script\b[^>]*>/g)].map((m) => ({ tag: m[0], nonce: /\bnonce="([^"]*)"/.exec(m[0])?.[1] ?? null }));
}

/** A document answer: the security headers, and every script in it nonced with its policy's nonce. */
async function expectNoncedDocument(res: Response): Promise<string> {
  expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
  expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  const nonce = policyNonce(res);
  const scripts = scriptTags(await res.text());
  // Remix's context and module scripts, scroll restoration and the shell's texts at least
  expect(scripts.length).toBeGreaterThanOrEqual(4);
  expect(scripts.filter((s) => s.nonce !== nonce).map((s) => s.tag)).toEqual([]);
  expect(scripts.some((s) => /src="\/i18n\/shell\.zh-CN\.[0-9a-z]+\.js"/.test(s.tag))).toBe(true);
  expect(scripts.some((s) => /type="module"/.test(s.tag))).toBe(true);
  return nonce;
}

describe("Content-Security-Policy on every document", () => {
  it("gives /login a fresh nonce per response, on every script it carries", async () => {
    const first = await get("/login");
    expect(first.status).toBe(200);
    const a = await expectNoncedDocument(first);
    const b = await expectNoncedDocument(await get("/login"));
    expect(a).not.toBe(b);
    expect(atob(a)).toHaveLength(16);
  });

  it("does the same on signed-in screens, with and without a map", async () => {
    const t = await makeTenant();
    const cookie = await signIn(t.account, t.password);
    const seen = new Set<string>();
    for (const path of ["/manageWork", "/userManage", "/equipmentMonitor", "/fenceManage", "/bussinessinfo"]) {
      const res = await get(path, cookie);
      expect(res.status, path).toBe(200);
      seen.add(await expectNoncedDocument(res));
    }
    expect(seen.size).toBe(5);
  });

  it("covers error documents too", async () => {
    const t = await makeTenant();
    const cookie = await signIn(t.account, t.password);
    const res = await get("/noSuchScreen", cookie);
    expect(res.status).toBe(404);
    await expectNoncedDocument(res);
  });
});
