import { describe, expect, it } from "vitest";
import { applyColumnPrefs, checkColumnChoice, effectiveColumnPrefs, imageCell, INDEX_COLUMN, listHref, optionLabel, parseListQuery, rowNumber, type ColumnDef, type ColumnPrefs, type FilterDef } from "./types";

const columns: ColumnDef[] = [
  { key: "account", label: { zh: "账号", en: "Account" }, fixed: true, sortable: true },
  { key: "name", label: { zh: "姓名", en: "Name" }, sortable: true },
  { key: "phone", label: { zh: "手机", en: "Mobile" } },
];
const filters: FilterDef[] = [
  { key: "q", label: { zh: "关键字", en: "Keyword" }, type: "text", simple: true },
  { key: "state", label: { zh: "状态", en: "State" }, type: "select", options: [{ value: "1", label: { zh: "启用", en: "On" } }] },
];

describe("list query in the URL", () => {
  it("reads paging, sorting and filters, and refuses what it does not know", () => {
    const q = parseListQuery(new URL("http://x/l?page=3&size=50&sort=name&order=asc&q=%20a%25b%20&state=9&evil=1"), { columns, filters });
    expect(q).toEqual({ page: 3, size: 50, sort: "name", order: "asc", filters: { q: "ab" } });
    const bad = parseListQuery(new URL("http://x/l?page=-2&size=7&sort=phone"), { columns, filters });
    expect(bad).toEqual({ page: 1, size: 20, sort: null, order: "desc", filters: {} });
    expect(parseListQuery(new URL("http://x/l?size=0"), { columns, filters }).size).toBe(0);
  });
  it("writes short URLs that read back the same", () => {
    const q = parseListQuery(new URL("http://x/l?q=ab&sort=name&order=asc&size=30&page=2"), { columns, filters });
    const href = listHref("/l", q);
    expect(parseListQuery(new URL(`http://x${href}`), { columns, filters })).toEqual(q);
    expect(listHref("/l", { page: 1, size: 20, sort: null, order: "desc", filters: {} })).toBe("/l");
  });
});

describe("column choice", () => {
  it("orders and hides as chosen, keeps fixed columns and adds new ones at the end", () => {
    expect(applyColumnPrefs(columns, { order: ["phone", "account"], hidden: ["name", "account"] }).map((c) => c.key)).toEqual(["phone", "account"]);
    expect(applyColumnPrefs(columns, { order: ["name"], hidden: [] }).map((c) => c.key)).toEqual(["name", "account", "phone"]);
    expect(applyColumnPrefs(columns, null)).toBe(columns);
  });
  it("shows an optional column only once the user's choice shows it", () => {
    const withOptional: ColumnDef[] = [...columns, { key: "revision", label: { zh: "版本", en: "Version" }, optional: true }];
    const shown = (prefs: ColumnPrefs | null) => applyColumnPrefs(withOptional, effectiveColumnPrefs(withOptional, prefs)).map((c) => c.key);
    // no choice yet, and a choice saved before the column existed: left out (and the panel lists it unticked)
    expect(shown(null)).toEqual(["account", "name", "phone"]);
    expect(effectiveColumnPrefs(withOptional, null)).toEqual({ order: ["account", "name", "phone", "revision"], hidden: ["revision"] });
    expect(shown({ order: ["phone", "account", "name"], hidden: [] })).toEqual(["phone", "account", "name"]);
    // ticked in 显示配置 (the saved order names it, the hidden list does not), and unticked again
    expect(shown({ order: ["revision", "account", "name", "phone"], hidden: [] })).toEqual(["revision", "account", "name", "phone"]);
    expect(shown({ order: ["revision", "account", "name", "phone"], hidden: ["revision"] })).toEqual(["account", "name", "phone"]);
    // a list without optional columns keeps the choice as saved, none included
    expect(effectiveColumnPrefs(columns, null)).toBeNull();
    const saved = { order: ["name"], hidden: [] };
    expect(effectiveColumnPrefs(columns, saved)).toBe(saved);
  });
  it("puts a 序号 column added since the choice first, not last", () => {
    const withIndex = [INDEX_COLUMN, ...columns];
    expect(applyColumnPrefs(withIndex, { order: ["phone", "account", "name"], hidden: [] }).map((c) => c.key)).toEqual(["rowNo", "phone", "account", "name"]);
  });
  it("refuses hiding a fixed column and hiding everything", () => {
    expect(checkColumnChoice(columns, ["name"])).toMatchObject({ message: "fixedColumn", column: { key: "account" } });
    const loose = columns.map((c) => ({ ...c, fixed: false }));
    expect(checkColumnChoice(loose, [])).toEqual({ message: "noColumns" });
    expect(checkColumnChoice(columns, ["account"])).toBeNull();
  });
  it("says 显示字段不能为空 when the last shown column would go, even a fixed one", () => {
    expect(checkColumnChoice(columns, [])).toEqual({ message: "noColumns" });
  });
});

describe("序号", () => {
  it("continues across pages and counts from 1 without paging", () => {
    expect([0, 1, 19].map((i) => rowNumber({ page: 1, size: 20 }, i))).toEqual([1, 2, 20]);
    expect(rowNumber({ page: 3, size: 20 }, 0)).toBe(41);
    expect(rowNumber({ page: 2, size: 50 }, 4)).toBe(55);
    // size 0: one long list, the page number does not shift it
    expect(rowNumber({ page: 4, size: 0 }, 150)).toBe(151);
  });
});

describe("images cell", () => {
  it("shows at most 4 and counts the rest", () => {
    const cell = imageCell("1,2,3,4,5,6");
    expect(cell.shown).toHaveLength(4);
    expect(cell.more).toBe(2);
    expect(cell.urls).toHaveLength(6);
    expect(cell.shown[0]).toBe("/api/common/commonfile/downloadFile?id=1");
  });
  it("takes arrays, URLs and paths as they are, and skips blanks", () => {
    expect(imageCell(["https://x.test/a.png", "/sysimage/b.png", 7, ""]).urls).toEqual(["https://x.test/a.png", "/sysimage/b.png", "/api/common/commonfile/downloadFile?id=7"]);
    expect(imageCell(" 8 ， 9 ").urls).toHaveLength(2);
    expect(imageCell(null)).toEqual({ urls: [], shown: [], more: 0 });
    expect(imageCell("a b").more).toBe(0);
  });
});

describe("optionLabel", () => {
  const kinds = [{ value: "inspection", label: { zh: "定期检验报告", en: "Periodic inspection report" } }];
  it("names a stored value by its option in the reader's language, and by itself when no option has it", () => {
    expect(optionLabel(kinds, "inspection", "zh-CN")).toBe("定期检验报告");
    expect(optionLabel(kinds, "inspection", "en-US")).toBe("Periodic inspection report");
    expect(optionLabel(kinds, "retired", "zh-CN")).toBe("retired");
  });
});
