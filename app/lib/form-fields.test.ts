import { describe, expect, it } from "vitest";
import { day, line, note, optionalDay } from "./form-fields";

describe("the day codec", () => {
  it("takes real days of 2000-01-01..2099-12-31 only", () => {
    expect(day().safeParse(" 2026-02-28 ").data).toBe("2026-02-28");
    for (const bad of ["2026-10-99", "2026-02-29", "9999-12-31", "1999-12-31", "2100-01-01", "26-1-1", ""]) expect(day().safeParse(bad).success, bad).toBe(false);
    expect(day({ message: "x:y" }).safeParse("2026-13-01").error?.issues[0]?.message).toBe("x:y");
    expect(optionalDay().safeParse("").data).toBeNull();
    expect(optionalDay().safeParse(undefined).data).toBeNull();
    expect(optionalDay({ earliest: "1950-01-01" }).safeParse("1988-06-01").data).toBe("1988-06-01");
  });
});

describe("text without control characters", () => {
  it("a line loses them all, a note keeps line breaks and tabs", () => {
    expect(line().parse(" a\u0000b\tc\nd\u007f\u0085\u2028 ")).toBe("abcd");
    expect(note().parse("a\u0000\r\nb\tc\rd\u001b")).toBe("a\nb\tc\nd");
  });
});
