import { describe, expect, it } from "vitest";
import * as v from "./validators";

describe("spec §5 validators", () => {
  it("account and user name: 4–30 of Chinese, letters, digits, . @ _ -", () => {
    expect(v.isAccountName("admin")).toBe(true);
    expect(v.isAccountName("王小明ab")).toBe(true);
    expect(v.isAccountName("a.b@c_d-e")).toBe(true);
    expect(v.isAccountName("abc")).toBe(false);
    expect(v.isAccountName("a".repeat(31))).toBe(false);
    expect(v.isAccountName("ab cd")).toBe(false);
    expect(v.isAccountName("ab#cd")).toBe(false);
  });
  it("password: 8–20 with a digit, an upper- and a lower-case letter", () => {
    expect(v.isStrongPassword("Admin@2026")).toBe(true);
    expect(v.isStrongPassword("Abcdefg1")).toBe(true);
    expect(v.isStrongPassword("abcdefg1")).toBe(false);
    expect(v.isStrongPassword("ABCDEFG1")).toBe(false);
    expect(v.isStrongPassword("Abcdefgh")).toBe(false);
    expect(v.isStrongPassword("Abc1")).toBe(false);
    expect(v.isStrongPassword("Abcdefg1".repeat(3))).toBe(false);
  });
  it("eight-character variant: letters and digits, not all of one kind", () => {
    expect(v.isEightCharPassword("abcd1234")).toBe(true);
    expect(v.isEightCharPassword("12345678")).toBe(false);
    expect(v.isEightCharPassword("abcdefgh")).toBe(false);
    expect(v.isEightCharPassword("abc12345x")).toBe(false);
  });
  it("mobile, landline, e-mail, IPv4", () => {
    expect(v.isMobile("13800000001")).toBe(true);
    expect(v.isMobile("12800000001")).toBe(false);
    expect(v.isMobile("1380000000")).toBe(false);
    expect(v.isLandline("010-12345678")).toBe(true);
    expect(v.isLandline("0755-1234567")).toBe(true);
    expect(v.isLandline("01012345678")).toBe(false);
    expect(v.isEmail("a.b@derrick.cn")).toBe(true);
    expect(v.isEmail("a@b")).toBe(false);
    expect(v.isIPv4("192.168.1.255")).toBe(true);
    expect(v.isIPv4("256.1.1.1")).toBe(false);
  });
  it("special characters and emoji", () => {
    expect(v.hasSpecialChars("塔吊#1")).toBe(true);
    expect(v.hasSpecialChars("crane 🚧")).toBe(true);
    expect(v.hasSpecialChars("塔吊一号 (A)")).toBe(false);
    expect(v.hasSpecialChars("中国🇨🇳")).toBe(true);
    expect(v.hasSpecialChars("1️⃣号机")).toBe(true);
    expect(v.hasSpecialChars("１号机（Ａ）")).toBe(false);
  });
  it("role and organisation names", () => {
    expect(v.isRoleName("调度员(华东)_1-A")).toBe(true);
    expect(v.isRoleName("调度员!")).toBe(false);
    expect(v.isOrganisationName("华东分公司（上海）-1")).toBe(true);
    expect(v.isOrganisationName("华东_分公司")).toBe(false);
  });
  it("numbers, no-Chinese, byte length, VIN, terminal number, search text", () => {
    expect(v.isInteger("-12")).toBe(true);
    expect(v.isInteger("1.2")).toBe(false);
    expect(v.isNonNegativeDecimal("0.50")).toBe(true);
    expect(v.isNonNegativeDecimal("-1")).toBe(false);
    expect(v.hasNoChinese("abc")).toBe(true);
    expect(v.hasNoChinese("ab中")).toBe(false);
    expect(v.byteLength("ab中文")).toBe(6);
    expect(v.isVin("LFV2A21K8G4000001")).toBe(true);
    expect(v.isVin("LFV2A21K8G400000")).toBe(false);
    expect(v.isTerminalNumber("T000000001")).toBe(true);
    expect(v.isTerminalNumber("T00000000-")).toBe(false);
    expect(v.cleanSearchText("  50%吨 ")).toBe("50吨");
  });
  it("longitude and latitude: WGS-84 ranges, at most 6 decimals", () => {
    for (const ok of ["121.473701", "-180", "180", "0", "-0.5", " 31.2 "]) expect(v.isLongitude(ok)).toBe(true);
    for (const bad of ["180.000001", "-181", "121.4737011", "", "abc", "1e2", "121.", ".5", "1,5", "0x10"]) expect(v.isLongitude(bad)).toBe(false);
    for (const ok of ["31.230416", "-90", "90"]) expect(v.isLatitude(ok)).toBe(true);
    for (const bad of ["90.1", "-90.000001", "121", "31.2304161"]) expect(v.isLatitude(bad)).toBe(false);
  });
  it("clock time: HH:mm from 00:00 to 23:59", () => {
    for (const ok of ["00:00", "07:30", "23:59"]) expect(v.isClockTime(ok)).toBe(true);
    for (const bad of ["24:00", "7:30", "07:60", "0730", "07:30:00", ""]) expect(v.isClockTime(bad)).toBe(false);
  });
});
