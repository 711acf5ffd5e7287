import { describe, expect, it } from "vitest";
import { safeRedirectPath, sameSitePath } from "./same-site-path";

describe("sameSitePath", () => {
  it("keeps a same-site path with its query and hash, as the URL parser writes it", () => {
    expect(sameSitePath("/userManage?page=2&q=张#top")).toBe("/userManage?page=2&q=%E5%BC%A0#top");
    expect(sameSitePath("/deviceList/drivers")).toBe("/deviceList/drivers");
    expect(sameSitePath("/a/../b")).toBe("/b");
  });

  it.each([
    ["a tab the browser drops", "/\t/evil.example"],
    ["a newline", "/\n/evil.example"],
    ["CR/LF header injection", "/\r\nSet-Cookie:x=1"],
    ["a NUL", "/\u0000/evil.example"],
    ["DEL", "/\u007f/evil.example"],
    ["a backslash", "/\\evil.example"],
    ["a backslash later on", "/ok\\..\\..\\/evil"],
    ["a protocol-relative URL", "//evil.example"],
    ["a path that resolves to //", "/..//evil.example"],
    ["dot segments to //", "/././/evil.example"],
    ["a scheme", "https://evil.example"],
    ["javascript:", "javascript:alert(1)"],
    ["a relative path", "evil.example"],
    ["empty", ""],
    ["null", null],
    ["too long", `/${"a".repeat(3000)}`],
  ])("refuses %s", (_what, to) => {
    expect(sameSitePath(to)).toBeNull();
  });

  it("refuses the decoded forms of encoded attacks (a query value arrives decoded)", () => {
    for (const encoded of ["/%09/evil.example", "/%0d%0aSet-Cookie:x=1", "/%5Cevil.example", "%2F%2Fevil.example"]) {
      expect(sameSitePath(new URLSearchParams(`r=${encoded}`).get("r"))).toBeNull();
    }
  });

  it("leaves an encoded slash encoded: the browser reads it as a path, not a host", () => {
    expect(sameSitePath("/%2F/evil.example")).toBe("/%2F/evil.example");
  });
});

describe("safeRedirectPath", () => {
  it("falls back for anything that is not a same-site path", () => {
    expect(safeRedirectPath("/\t/evil.example")).toBe("/manageWork");
    expect(safeRedirectPath("//evil.example", "/x")).toBe("/x");
  });

  it("never goes to sign-out, and to the sign-in pages only when asked", () => {
    expect(safeRedirectPath("/logout")).toBe("/manageWork");
    expect(safeRedirectPath("/logout", "/manageWork", { allowSignIn: true })).toBe("/manageWork");
    expect(safeRedirectPath("/login?l=t")).toBe("/manageWork");
    expect(safeRedirectPath("/login?l=t", "/manageWork", { allowSignIn: true })).toBe("/login?l=t");
    expect(safeRedirectPath("/loginAdmin", "/manageWork", { allowSignIn: true })).toBe("/loginAdmin");
    expect(safeRedirectPath("/loginx")).toBe("/loginx");
  });
});
