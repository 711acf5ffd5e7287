import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formSchema, postedValues, withoutSecrets } from "./form.server";

const form = (entries: [string, string | File][]) => {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
};

describe("postedValues (Conform)", () => {
  it("keeps every value of a repeated name, as an array", () => {
    const values = postedValues(form([["intent", "create"], ["name", "甲"], ["menus", "1"], ["menus", "2"], ["menus", "3"]]));
    expect(values).toEqual({ intent: "create", name: "甲", menus: ["1", "2", "3"] });
  });

  it("turns lines[i].field into an array of objects, in index order", () => {
    const values = postedValues(form([["lines[0].sku", "A"], ["lines[0].qty", "1"], ["lines[1].sku", "B"], ["lines[1].qty", "2"], ["note", ""]]));
    expect(values).toEqual({ lines: [{ sku: "A", qty: "1" }, { sku: "B", qty: "2" }], note: "" });
  });

  it("refuses names that would allocate without bound or reach a prototype, as a 400 answer (never a 500)", () => {
    for (const name of ["contacts[4294967294].name", "__proto__.polluted", "constructor.prototype.x", "lines[-1].x"]) {
      let thrown: unknown;
      try {
        postedValues(form([["intent", "create"], [name, "1"]]));
      } catch (e) {
        thrown = e;
      }
      expect(thrown, name).toBeInstanceOf(Response);
      expect((thrown as Response).status, name).toBe(400);
    }
  });

  it("leaves files out (an import's upload never reaches a schema)", () => {
    expect(postedValues(form([["name", "x"], ["file", new File(["a"], "a.xlsx")]]))).toEqual({ name: "x" });
  });
});

describe("formSchema (Conform's coercion, empty text kept)", () => {
  const schema = z.object({
    name: z.string().trim().min(1, "validation.required"),
    menus: z.array(z.coerce.number()),
    lines: z.array(z.object({ sku: z.string().min(1, "validation.required"), qty: z.coerce.number().int().positive("validation.qty") })),
    remark: z.string().transform((v) => v || null),
  });

  it("answers arrays for a group ticked once, and an empty array for a group left empty", () => {
    expect(formSchema(schema).parse(postedValues(form([["name", "a"], ["menus", "7"], ["remark", ""]])))).toEqual({ name: "a", menus: [7], lines: [], remark: null });
  });

  it("validates each line and names a line's field in its error path", () => {
    const result = formSchema(schema).safeParse(postedValues(form([["name", "a"], ["lines[0].sku", "A"], ["lines[0].qty", "2"], ["lines[1].sku", ""], ["lines[1].qty", "0"], ["remark", "r"]])));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["lines.1.sku", "validation.required"],
      ["lines.1.qty", "validation.qty"],
    ]);
  });

  it("keeps empty text for the schema to judge (no field turns undefined behind its back)", () => {
    const result = formSchema(schema).safeParse(postedValues(form([["name", ""], ["remark", ""]])));
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["name", "validation.required"]]);
  });

  it("sends typed values back without the password or its confirmation", () => {
    expect(withoutSecrets({ loginAccount: "a", password: "Secret123", confirm: "Secret123", menus: ["1"] })).toEqual({ loginAccount: "a", menus: ["1"] });
  });
});
