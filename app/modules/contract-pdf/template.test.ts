import { describe, expect, it } from "vitest";
import { wrapText } from "./render.server";
import { DEFAULT_TEMPLATES, fillTemplate, templateOf, unknownPlaceholders } from "./template";

// one point per character: what fits is easy to read off
const measure = (s: string) => s.length;

describe("the contract template", () => {
  it("fills placeholders, keeps blocks, headings and rules apart", () => {
    const parts = fillTemplate("# {{contract.kind}}合同\n合同编号：{{contract.number}}\n\n## 设备\n{{block:lines}}\n---\n客户 {{ customer.name }}", {
      "contract.kind": "设备租赁",
      "contract.number": "HT-202611-0001",
      "customer.name": "中建三局",
    });
    expect(parts).toEqual([
      { type: "title", text: "设备租赁合同" },
      { type: "paragraph", text: "合同编号：HT-202611-0001" },
      { type: "space" },
      { type: "heading", text: "设备" },
      { type: "block", block: "lines" },
      { type: "rule" },
      { type: "paragraph", text: "客户 中建三局" },
    ]);
  });

  it("names unknown placeholders and blocks, and knows every one the defaults use", () => {
    expect(unknownPlaceholders("{{contract.nmber}} {{block:signature}} {{customer.name}} {{block:plan}}")).toEqual(["contract.nmber", "block:signature"]);
    expect(unknownPlaceholders(DEFAULT_TEMPLATES["zh-CN"])).toEqual([]);
    expect(unknownPlaceholders(DEFAULT_TEMPLATES["en-US"])).toEqual([]);
  });

  it("prints the tenant's template, or the language's default when it is empty", () => {
    expect(templateOf({ templateZh: "# 自定义" }, "zh-CN")).toBe("# 自定义");
    expect(templateOf({ templateZh: "  ", templateEn: "# Own" }, "zh-CN")).toBe(DEFAULT_TEMPLATES["zh-CN"]);
    expect(templateOf({ templateEn: "# Own" }, "en-US")).toBe("# Own");
  });
});

describe("wrapText", () => {
  it("keeps Latin words whole and breaks Chinese anywhere", () => {
    expect(wrapText("monthly rate 38,000.00", 12, measure)).toEqual(["monthly rate", "38,000.00"]);
    expect(wrapText("设备租赁合同条款", 5, measure)).toEqual(["设备租赁合", "同条款"]);
  });

  it("keeps closing punctuation on the line it closes, cuts an over-long word, honours line breaks", () => {
    expect(wrapText("设备租赁，合同", 4, measure)).toEqual(["设备租赁，", "合同"]);
    expect(wrapText("HT2026110001", 5, measure)).toEqual(["HT202", "61100", "01"]);
    expect(wrapText("鄂A12345\nQY25K", 20, measure)).toEqual(["鄂A12345", "QY25K"]);
  });
});
