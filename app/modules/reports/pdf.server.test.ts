import { readFileSync } from "node:fs";
import * as fontkit from "fontkit";
import { describe, expect, it } from "vitest";
import { columnShares, estimateWidth } from "./pdf.server";

const WIDTH = 595.28 - 2 * 51;
const bold = fontkit.create(readFileSync("node_modules/@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf")) as unknown as {
  unitsPerEm: number;
  layout(text: string): { glyphs: { advanceWidth: number }[] };
};
const boldWidth = (text: string, size = 8.5) => (bold.layout(text).glyphs.reduce((s, g) => s + g.advanceWidth, 0) / bold.unitsPerEm) * size;

describe("the report PDF's column plan", () => {
  it("guesses a figure's width on the wide side of the bold face, so a planned figure column never breaks it", () => {
    for (const figure of ["1,234,567,890.12", "-98,765.43", "100.0%", "12,345.6", "—", "0.00", "合计"]) {
      expect(estimateWidth(figure), figure).toBeGreaterThanOrEqual(boldWidth(figure));
      expect(estimateWidth(figure), figure).toBeLessThan(boldWidth(figure) * 1.15);
    }
    // words of Latin letters on average (a header or a name may wrap; a figure may not)
    for (const text of ["Total", "Machine (plate)", "Overtime (CNY)", "Margin %"]) expect(estimateWidth(text), text).toBeGreaterThanOrEqual(boldWidth(text));
  });

  it("gives every column its widest text when they fit, the spare room to the names", () => {
    const shares = columnShares([
      { header: "合同", cells: ["HT-1 吊装"], figure: false },
      { header: "收入(元)", cells: ["61,537.20"], figure: true },
      { header: "毛利率", cells: ["79.9%"], figure: true },
    ]);
    expect(shares.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 9);
    expect(shares[1]! * WIDTH).toBeCloseTo(estimateWidth("61,537.20") + 10, 6);
    expect(shares[2]! * WIDTH).toBeCloseTo(estimateWidth("79.9%") + 10, 6);
    expect(shares[0]!).toBeGreaterThan(0.7);
  });

  it("keeps the figures whole when the columns do not fit, names and headers wrapping", () => {
    // 加班报表's nine columns
    const figure = (widest: string) => (header: string) => ({ header, cells: [widest, "0.0"], figure: true });
    const columns = [
      { header: "设备(车牌)", cells: ["沪A12345"], figure: false },
      { header: "合同", cells: ["HT-2026-00001 上海浦东张江吊装工程租赁合同".repeat(3)], figure: false },
      { header: "客户", cells: ["上海某某建设工程有限公司第1分公司"], figure: false },
      ...["台班加班金额(元)", "超时金额(元)", "加班金额合计(元)"].map(figure("1,234,567.89")),
      ...["台班加班(小时)", "超时(小时)", "加班合计(小时)"].map(figure("1,234.5")),
    ];
    const widths = columnShares(columns).map((s) => s * WIDTH);
    expect(widths.reduce((s, x) => s + x, 0)).toBeCloseTo(WIDTH, 6);
    for (const [i, c] of columns.entries()) {
      if (c.figure) expect(widths[i]!, c.header).toBeGreaterThanOrEqual(estimateWidth(c.cells[0]!) + 8);
      else expect(widths[i]!, c.header).toBeGreaterThanOrEqual(Math.min(56, estimateWidth(c.cells[0]!) + 10));
    }
  });
});
