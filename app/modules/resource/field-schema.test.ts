import { describe, expect, it } from "vitest";
import { displayText, inputText, lineTotals, plainUnits, storedOf, unitsOf } from "~/lib/field-codecs";
import type { FormFieldDef } from "~/lib/list/types";
import { parseForm, schemaOfFields } from "./field-schema";
import { defineFields } from "~/lib/list/types";

const form = defineFields([
  {
    key: "day",
    label: { zh: "日期", en: "Day" },
    type: "date",
    required: true,
  },
  {
    key: "site",
    label: { zh: "地点", en: "Site" },
    type: "text",
    required: true,
    maxLength: 10,
  },
  {
    key: "kind",
    label: { zh: "类型", en: "Kind" },
    type: "select",
    options: [{ value: "a", label: { zh: "甲", en: "A" } }],
  },
  { key: "rate", label: { zh: "税率", en: "Rate" }, type: "percent" },
  { key: "at", label: { zh: "时间", en: "Time" }, type: "time" },
  {
    key: "lines",
    label: { zh: "明细", en: "Lines" },
    type: "lines",
    lines: {
      minRows: 1,
      maxRows: 3,
      totals: ["amount", "qty"],
      unique: ["ref"],
      fields: [
        {
          key: "ref",
          label: { zh: "设备", en: "Machine" },
          type: "reference",
          required: true,
        },
        {
          key: "qty",
          label: { zh: "数量", en: "Qty" },
          type: "quantity",
          decimals: 2,
          maxValue: 1000,
        },
        { key: "amount", label: { zh: "金额", en: "Amount" }, type: "money" },
        { key: "ok", label: { zh: "是否", en: "Flag" }, type: "flag" },
      ],
    },
  },
]);
const schema = schemaOfFields(form);

/** A posted form as a browser sends it. */
const post = (entries: [string, string][]) => {
  const fd = new FormData();
  for (const [k, v] of entries) fd.append(k, v);
  return parseForm(fd, schema);
};
const errorsOf = (entries: [string, string][]) => {
  const s = post(entries);
  return s.status === "error" ? s.error : null;
};

describe("field codecs", () => {
  it("reads money, percents and quantities into integers exactly, and writes them back", () => {
    expect(storedOf({ type: "money" }, "38,000.5")).toBe(3_800_050);
    expect(storedOf({ type: "percent" }, "9.25")).toBe(925);
    expect(unitsOf("1,250.75", 2)).toBe(125_075);
    expect(unitsOf("1.234", 2)).toBeNull();
    expect(unitsOf("7", 0)).toBe(7);
    expect(plainUnits(125_070, 2)).toBe("1250.7");
    expect(inputText({ type: "money" }, 3_800_050)).toBe("38000.50");
    expect(inputText({ type: "quantity", decimals: 1 }, 125)).toBe("12.5");
    expect(displayText({ type: "money" }, 3_800_050)).toBe("38,000.50");
    expect(displayText({ type: "percent" }, 925)).toBe("9.25%");
  });

  it("totals a lines table in integers, skipping what is not yet a number", () => {
    const fields = form[5].lines.fields as FormFieldDef[];
    // 0.1 + 0.2 in floats is 0.30000000000000004; in cents it is 30
    expect(lineTotals(fields, ["amount", "qty"], [{ amount: "0.10", qty: "1.5" }, { amount: "0.20", qty: "abc" }, { amount: "" }])).toEqual({ amount: "0.30", qty: "1.5" });
  });
});

describe("a form's schema from its declared fields", () => {
  it("gives typed values: money in cents, percents in basis points, references as ids, flags as 0/1", () => {
    const s = post([
      ["day", "2026-11-30"],
      ["site", "  三号工地 "],
      ["rate", "9"],
      ["lines[0].ref", "12"],
      ["lines[0].qty", "2.5"],
      ["lines[0].amount", "1,200.50"],
      ["lines[0].ok", "1"],
      ["lines[1].ref", ""],
      ["lines[1].qty", ""],
    ]);
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    // the blank second line is no line
    expect(s.value).toEqual({
      day: "2026-11-30",
      site: "三号工地",
      kind: null,
      rate: 900,
      at: null,
      lines: [{ ref: 12, qty: 250, amount: 120_050, ok: 1 }],
    });
  });

  it("names each refusal at its field, a line's as lines[i].field, in message keys", () => {
    expect(
      errorsOf([
        ["day", "2026-02-30"],
        ["site", "一二三四五六七八九十一"],
        ["kind", "z"],
        ["rate", "101"],
        ["at", "25:00"],
        ["lines[0].ref", ""],
        ["lines[0].qty", "1.234"],
        ["lines[0].amount", "-5"],
        ["lines[1].ref", "3"],
        ["lines[1].qty", "1001"],
        ["lines[1].amount", "12.345"],
      ])
    ).toEqual({
      day: ["validation.date"],
      site: ["validation.tooLong|10"],
      kind: ["validation.choice"],
      rate: ["validation.tooLarge|100"],
      at: ["validation.time"],
      "lines[0].ref": ["validation.required"],
      "lines[0].qty": ["validation.quantity|2"],
      "lines[0].amount": ["validation.negative"],
      "lines[1].qty": ["validation.tooLarge|1000"],
      "lines[1].amount": ["validation.money"],
    });
  });

  it("counts the lines: none is refused at the table, more than the most too", () => {
    expect(
      errorsOf([
        ["day", "2026-11-30"],
        ["site", "x"],
      ])
    ).toEqual({ lines: ["validation.minRows|1"] });
    const four = [0, 1, 2, 3].map((i): [string, string] => [`lines[${i}].ref`, String(i + 1)]);
    expect(errorsOf([["day", "2026-11-30"], ["site", "x"], ...four])).toEqual({
      lines: ["validation.maxRows|3"],
    });
  });

  it("refuses a line that repeats a unique field, at the later line, naming the first", () => {
    expect(errorsOf([["day", "2026-11-30"], ["site", "x"], ["lines[0].ref", "7"], ["lines[1].ref", "8"], ["lines[2].ref", "7"]])).toEqual({ "lines[2].ref": ["validation.duplicateLine|1"] });
  });

  it("applies a row button's intent without saving: the form comes back one row longer, shorter or reordered", () => {
    const base: [string, string][] = [
      ["day", "2026-11-30"],
      ["site", "x"],
      ["lines[0].ref", "1"],
      ["lines[1].ref", "2"],
    ];
    const insert = post([
      ...base,
      [
        "__intent__",
        JSON.stringify({
          type: "insert",
          payload: { name: "lines", defaultValue: { qty: "1" } },
        }),
      ],
    ]);
    expect(insert.status).toBeUndefined();
    expect((insert.payload.lines as unknown[]).length).toBe(3);
    const remove = post([
      ...base,
      [
        "__intent__",
        JSON.stringify({
          type: "remove",
          payload: { name: "lines", index: 0 },
        }),
      ],
    ]);
    expect(remove.payload.lines).toEqual([{ ref: "2" }]);
    const reorder = post([
      ...base,
      [
        "__intent__",
        JSON.stringify({
          type: "reorder",
          payload: { name: "lines", from: 1, to: 0 },
        }),
      ],
    ]);
    expect(reorder.payload.lines).toEqual([{ ref: "2" }, { ref: "1" }]);
  });
});

describe("a head field shown by another's value (when)", () => {
  const kinds = [
    { value: "rental", label: { zh: "租赁", en: "Rental" } },
    { value: "subcontract", label: { zh: "转租", en: "Sub-contract" } },
  ];
  const head = defineFields([
    { key: "kind", label: { zh: "类型", en: "Kind" }, type: "select", required: true, options: kinds },
    { key: "supplierId", label: { zh: "供应商", en: "Supplier" }, type: "reference", required: true, when: { kind: ["subcontract"] } },
    { key: "price", label: { zh: "总价", en: "Price" }, type: "money", required: true, when: { kind: ["rental"] } },
  ]);
  const judge = (entries: Record<string, string>) => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(entries)) fd.append(k, v);
    return parseForm(fd, schemaOfFields(head));
  };

  it("is judged by its own rules while shown", () => {
    const sub = judge({ kind: "subcontract", supplierId: "" });
    expect(sub.status).toBe("error");
    expect(sub.status === "error" && sub.error).toEqual({ supplierId: ["validation.required"] });
    const rental = judge({ kind: "rental", price: "12,000.50" });
    expect(rental.status).toBe("success");
    expect(rental.status === "success" && rental.value).toEqual({ kind: "rental", supplierId: null, price: 1_200_050 });
  });

  it("is nothing while hidden, whatever was posted", () => {
    const hidden = judge({ kind: "subcontract", supplierId: "7", price: "not money" });
    expect(hidden.status).toBe("success");
    expect(hidden.status === "success" && hidden.value).toEqual({ kind: "subcontract", supplierId: 7, price: null });
  });
});
