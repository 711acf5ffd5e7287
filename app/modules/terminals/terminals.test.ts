import { describe, expect, it } from "vitest";
import { deviceTimeOf, isVersionCode, isZipStart, otaProgressOf, partSize, partsOf, PACKAGE_PART_BYTES } from "./terminals";
import { terminalUnlockKey, unlockCode } from "./unlock-code";

describe("the device time read off a machine (YYMMDDHH)", () => {
  it("is a real date and hour", () => {
    expect(deviceTimeOf("26120408")).toBe("2026-12-04T08:00");
    expect(deviceTimeOf("28022923")).toBe("2028-02-29T23:00");
    expect(deviceTimeOf("00010100")).toBe("2000-01-01T00:00");
  });
  it("refuses what is not", () => {
    for (const v of ["27022901", "26130101", "26000101", "26010001", "26013201", "26043101", "26120424", "2612040", "261204081", "2612040a", "", "26-12-04"]) expect(deviceTimeOf(v), v).toBeNull();
  });
});

describe("a version code", () => {
  it("is letters, punctuation and digits", () => {
    for (const v of ["V1.0.3", "v2.1.0-rc.1+build_7", "FW#2026/12", "1", "a".repeat(50)]) expect(isVersionCode(v), v).toBe(true);
  });
  it("has no spaces, Chinese or control characters and at most 50", () => {
    for (const v of ["V1 0", "版本1", "V1\t", "", "a".repeat(51), "ｖ１"]) expect(isVersionCode(v), v).toBe(false);
  });
});

describe("a package's parts", () => {
  it("are 10 MB each but the last", () => {
    expect(partsOf(1)).toBe(1);
    expect(partsOf(PACKAGE_PART_BYTES)).toBe(1);
    expect(partsOf(PACKAGE_PART_BYTES + 1)).toBe(2);
    expect(partsOf(1000 * 1024 * 1024)).toBe(100);
    expect(partSize(PACKAGE_PART_BYTES + 5, 1)).toBe(PACKAGE_PART_BYTES);
    expect(partSize(PACKAGE_PART_BYTES + 5, 2)).toBe(5);
  });
  it("start with a ZIP's local header", () => {
    expect(isZipStart(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0]))).toBe(true);
    expect(isZipStart(new Uint8Array([0x50, 0x4b, 0x05, 0x06]))).toBe(false);
    expect(isZipStart(new TextEncoder().encode("%PDF-1.7"))).toBe(false);
  });
});

describe("an upgrade's progress on one machine", () => {
  it("follows its command", () => {
    expect(otaProgressOf("pending", null)).toBe("waiting");
    expect(otaProgressOf("sent", null)).toBe("waiting");
    expect(otaProgressOf("sent", 1)).toBe("upgrading");
    expect(otaProgressOf("done", 1)).toBe("success");
    expect(otaProgressOf("failed", 1)).toBe("fail");
    expect(otaProgressOf("send_failed", null)).toBe("fail");
  });
});

describe("the emergency unlock code (docs/terminals.md's test vector)", () => {
  it("is 8 digits, the same for the same terminal and hour, another for another", async () => {
    const code = await unlockCode("test-lock-secret", "T000000001", "26120408");
    expect(code).toMatch(/^\d{8}$/);
    expect(await unlockCode("test-lock-secret", "T000000001", "26120408")).toBe(code);
    expect(await unlockCode("test-lock-secret", "T000000001", "26120409")).not.toBe(code);
    expect(await unlockCode("test-lock-secret", "T000000002", "26120408")).not.toBe(code);
    expect(await unlockCode("another-secret", "T000000001", "26120408")).not.toBe(code);
  });

  it("is what the documented algorithm gives, step by step (a terminal computes it from its own key)", async () => {
    const { createHmac } = await import("node:crypto");
    const terminalKey = createHmac("sha256", "test-lock-secret").update("derrick-unlock:T000000001").digest();
    expect(Buffer.from(await terminalUnlockKey("test-lock-secret", "T000000001")).equals(terminalKey)).toBe(true);
    const mac = createHmac("sha256", terminalKey).update("26120408").digest();
    const offset = mac[31]! & 0x0f;
    const bin = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
    expect(await unlockCode("test-lock-secret", "T000000001", "26120408")).toBe(String(bin % 1e8).padStart(8, "0"));
    // the vector in docs/terminals.md
    expect({ key: terminalKey.toString("hex"), code: await unlockCode("test-lock-secret", "T000000001", "26120408") }).toEqual({ key: "3578b6c5c99bed7ba16d5f236e228adf46282298d8cfcea04cfdc55e41354aa8", code: "22913185" });
  });
});
