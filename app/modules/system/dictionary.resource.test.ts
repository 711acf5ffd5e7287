import { describe, expect, it } from "vitest";
import { checkItems } from "~/lib/dictionary-items";
import { postedItems } from "./dictionary.resource";

describe("dictionary editor rules (spec §5)", () => {
  it("names: non-empty after trimming, at most 30 characters, unique after trimming", () => {
    expect(checkItems("colour", [{ name: " 红 ", img: "" }, { name: "  ", img: "" }, { name: "红", img: "" }, { name: "长".repeat(31), img: "" }, { name: "长".repeat(30), img: "" }])).toEqual({
      1: "nameRequired",
      2: "nameDuplicate",
      3: "nameTooLong",
    });
  });
  it("equipment_type options need an image, others do not", () => {
    expect(checkItems("equipment_type", [{ name: "泵车", img: " " }, { name: "吊车", img: "file-1" }])).toEqual({ 0: "imageRequired" });
    expect(checkItems("colour", [{ name: "泵车", img: "" }])).toEqual({});
  });
  it("reads the posted rows in order, with unsaved rows as id null", () => {
    const form = new FormData();
    for (const [id, name, locked] of [["7", "甲", "1"], ["", "乙", "0"], ["x", "丙", "0"]]) {
      form.append("itemId", id!);
      form.append("itemName", name!);
      form.append("itemImg", "");
      form.append("itemLocked", locked!);
    }
    expect(postedItems(form)).toEqual([
      { id: 7, name: "甲", img: "", locked: true },
      { id: null, name: "乙", img: "", locked: false },
      { id: null, name: "丙", img: "", locked: false },
    ]);
  });
});
