import type { DraftItem } from "~/lib/dictionary-items";
import { defineView, INDEX_COLUMN } from "~/lib/list/types";

export const DICTIONARY_KINDS = [
  { value: "1", label: { zh: "系统", en: "System" }, tone: "muted" as const },
  { value: "0", label: { zh: "自定义", en: "Custom" }, tone: "success" as const },
];

/** /disData: the tenant's dictionaries (spec §3 dictionary item); each opens its option editor. */
export const dictionaryView = defineView({
  name: "dictionary",
  path: "/disData",
  permission: "disData",
  title: { zh: "数据字典", en: "Data Dictionary" },
  singular: { zh: "字典", en: "dictionary" },
  rowLabel: "dictName",
  columns: [
    INDEX_COLUMN,
    { key: "dictCode", label: { zh: "字典编码", en: "Code" }, sortable: true, fixed: true },
    { key: "dictName", label: { zh: "字典名称", en: "Name" }, sortable: true },
    { key: "itemCount", label: { zh: "选项数", en: "Options" }, type: "number" },
    { key: "isSystem", label: { zh: "类型", en: "Kind" }, type: "status", options: DICTIONARY_KINDS, sortable: true },
  ],
  filters: [
    { key: "q", label: { zh: "字典编码或名称", en: "Code or name" }, type: "text", simple: true },
    { key: "isSystem", label: { zh: "类型", en: "Kind" }, type: "select", options: DICTIONARY_KINDS, simple: true },
  ],
  form: [
    { key: "dictCode", label: { zh: "字典编码", en: "Code" }, type: "text", required: true, createOnly: true, maxLength: 50, hint: { zh: "字母、数字或下划线", en: "Letters, digits or underscores" } },
    { key: "dictName", label: { zh: "字典名称", en: "Name" }, type: "text", required: true, maxLength: 30 },
  ],
});

/** Reads the editor's rows from a posted form: itemId, itemName, itemImg and itemLocked repeated in order. */
export function postedItems(form: FormData): DraftItem[] {
  const ids = form.getAll("itemId").map(String);
  const names = form.getAll("itemName").map(String);
  const imgs = form.getAll("itemImg").map(String);
  const locked = form.getAll("itemLocked").map(String);
  return names.slice(0, 500).map((name, i) => {
    const id = Number(ids[i]);
    return { id: Number.isSafeInteger(id) && id > 0 ? id : null, name, img: imgs[i] ?? "", locked: locked[i] === "1" };
  });
}
