import { describe, expect, it } from "vitest";
import { applyColumnPrefs, checkColumnChoice, listHref, parseListQuery, type ColumnDef, type FilterDef } from "./types";

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
  it("refuses hiding a fixed column and hiding everything", () => {
    expect(checkColumnChoice(columns, ["name"])).toMatchObject({ message: "fixedColumn", column: { key: "account" } });
    const loose = columns.map((c) => ({ ...c, fixed: false }));
    expect(checkColumnChoice(loose, [])).toEqual({ message: "noColumns" });
    expect(checkColumnChoice(columns, ["account"])).toBeNull();
  });
});
