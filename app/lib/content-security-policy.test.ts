import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createNonce, documentSecurityHeaders, policyDirectives } from "./content-security-policy";

const NONCE = "AAECAwQFBgcICQoLDA0ODw==";
const directive = (policy: string, name: string) =>
  policy
    .split("; ")
    .find((d) => d.split(" ")[0] === name)
    ?.split(" ")
    .slice(1);

describe("createNonce", () => {
  it("is 16 random bytes in base64, new every time", () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce));
    expect(nonces.size).toBe(100);
    for (const n of nonces) {
      expect(n).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(atob(n)).toHaveLength(16);
    }
  });
});

describe("contentSecurityPolicy", () => {
  const policy = contentSecurityPolicy(NONCE);

  it("lets scripts run only by the nonce, and what they load through 'strict-dynamic'", () => {
    expect(directive(policy, "script-src")).toEqual([`'nonce-${NONCE}'`, "'strict-dynamic'", "'wasm-unsafe-eval'"]);
  });

  it("never allows inline scripts, JS eval or hosts for scripts", () => {
    const scripts = directive(policy, "script-src")!;
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(scripts.filter((s) => !s.startsWith("'"))).toEqual([]);
    // no directive anywhere allows JS eval or script from anywhere else
    expect(policy).not.toContain("'unsafe-eval'");
    expect(policy).not.toMatch(/(^|; )script-src-(elem|attr)/);
  });

  it("closes plugins, <base>, foreign form targets and foreign framing", () => {
    expect(directive(policy, "object-src")).toEqual(["'none'"]);
    expect(directive(policy, "base-uri")).toEqual(["'self'"]);
    expect(directive(policy, "form-action")).toEqual(["'self'"]);
    expect(directive(policy, "frame-ancestors")).toEqual(["'self'"]);
    expect(directive(policy, "frame-src")).toEqual(["'self'"]);
    expect(directive(policy, "default-src")).toEqual(["'self'"]);
  });

  it("allows what the screens load: tiles over https, blob: workers and previews, data: captchas", () => {
    expect(directive(policy, "img-src")).toEqual(["'self'", "data:", "blob:", "https:"]);
    expect(directive(policy, "connect-src")).toEqual(["'self'", "https:"]);
    expect(directive(policy, "worker-src")).toEqual(["'self'", "blob:"]);
    expect(directive(policy, "child-src")).toEqual(["'self'", "blob:"]);
    expect(directive(policy, "media-src")).toEqual(["'self'", "blob:"]);
    expect(directive(policy, "style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directive(policy, "font-src")).toEqual(["'self'"]);
  });

  it("names every directive once, and no http: source", () => {
    const names = policyDirectives(NONCE).map(([name]) => name);
    expect(new Set(names).size).toBe(names.length);
    expect(policy.split(" ")).not.toContain("http:");
  });

  it("is the directives as written, each response with its own nonce and nothing of another's", () => {
    const other = createNonce();
    for (const n of [NONCE, other, NONCE]) {
      expect(contentSecurityPolicy(n)).toBe(policyDirectives(n).map((d) => d.join(" ")).join("; "));
    }
    expect(contentSecurityPolicy(other)).not.toContain(NONCE);
  });

  it("refuses a nonce that could break out of its source expression", () => {
    for (const bad of ["", "abc'; script-src *", "a b", "abc;"]) expect(() => contentSecurityPolicy(bad)).toThrow();
  });
});

describe("documentSecurityHeaders", () => {
  it("sends the policy with nosniff, the referrer policy and the old framing header", () => {
    expect(documentSecurityHeaders(NONCE)).toEqual({
      "Content-Security-Policy": contentSecurityPolicy(NONCE),
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Frame-Options": "SAMEORIGIN",
    });
  });
});
