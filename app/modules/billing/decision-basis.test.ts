import { describe, expect, it } from "vitest";
import { decisionBasis } from "./decision-basis.server";

// one crane (line 7) whose accepted proposals changed its bill; Shanghai time
const at = (iso: string) => Date.parse(iso);
const fault = { from: at("2026-11-02T20:00:00+08:00"), to: at("2026-11-04T07:00:00+08:00") };
const proposals = [
  { lineId: 7, kind: "idle", state: 1, days: ["2026-10-30", "2026-10-31", "2026-11-01", "2026-11-05"], hours: null, day: null, basis: null },
  { lineId: 7, kind: "fault", state: 1, days: ["2026-11-02", "2026-11-03"], hours: 16, day: null, basis: null },
  { lineId: 7, kind: "stopRent", state: 2, days: ["2026-11-10"], hours: null, day: null, basis: null },
];
const basis = (lang: "zh-CN" | "en-US") => decisionBasis({ proposals, lineLabel: () => "沪A·塔吊", faultsOf: (id) => (id === 7 ? [fault] : []), timeZone: "Asia/Shanghai", lang });

describe("the evidence behind a bill's accepted proposals", () => {
  it("names the idle days as runs, and each fault with its start, end and the hours counted (the night window left out)", () => {
    const [idle, counted, ...rest] = basis("zh-CN");
    expect(idle).toBe("沪A·塔吊：停滞期 2026-10-30 至 2026-11-01、2026-11-05，共4天，按停滞期比例计租（设备在场未作业：发动机、里程均为0）");
    // 20:00 on the 2nd to 07:00 on the 4th: 20–22 (2 h) and 08–22 on the 3rd (14 h) = 16 h
    expect(counted).toContain("故障计入16.00小时（仅计08:00–22:00，22:00–08:00不计）");
    expect(counted).toMatch(/2026\/11\/02 20:00 至 2026\/11\/04 07:00，计入16\.00小时/);
    // a rejected proposal changed nothing: it is not printed
    expect(rest).toEqual([]);
  });

  it("speaks English", () => {
    expect(basis("en-US")[0]).toBe("沪A·塔吊: idle 2026-10-30 to 2026-11-01, 2026-11-05, 4 days, billed at the idle rate (on site without work: no engine hours, no km)");
  });
});
