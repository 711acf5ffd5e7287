import { describe, expect, it } from "vitest";
import { DUMMY_HASH, hashPassword, verifyPassword } from "./password";

describe("PBKDF2 passwords", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("Admin@2026");
    expect(stored).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect(await verifyPassword("Admin@2026", stored)).toBe(true);
    expect(await verifyPassword("admin@2026", stored)).toBe(false);
  });
  it("salts every hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });
  it("refuses malformed stored values and the dummy hash", async () => {
    expect(await verifyPassword("x", "plain")).toBe(false);
    expect(await verifyPassword("", DUMMY_HASH)).toBe(false);
  });
});
