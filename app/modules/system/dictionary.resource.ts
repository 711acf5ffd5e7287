import { defineView, INDEX_COLUMN } from "~/modules/resource/types";

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

/** Only this dictionary's options carry an image, and must (spec §3, §5). */
export const IMAGE_DICTIONARY = "equipment_type";
export const OPTION_NAME_MAX = 30;

/** One option as the editor holds it; id is null until saved. */
export interface DraftItem {
  id: number | null;
  name: string;
  img: string;
  /** isSystem = 1: shown locked, never renamed or deleted */
  locked: boolean;
}

export type ItemErrorKey = "nameRequired" | "nameDuplicate" | "nameTooLong" | "imageRequired";

/**
 * The editor rules of spec §5, shared by the browser and the server: names trimmed, non-empty, at most 30
 * characters and unique within the dictionary; equipment_type options need an image. Returns the first
 * problem per row index.
 */
export function checkItems(dictCode: string, items: Pick<DraftItem, "name" | "img">[]): Record<number, ItemErrorKey> {
  const errors: Record<number, ItemErrorKey> = {};
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const name = item.name.trim();
    if (!name) errors[i] = "nameRequired";
    else if ([...name].length > OPTION_NAME_MAX) errors[i] = "nameTooLong";
    else if (seen.has(name)) errors[i] = "nameDuplicate";
    else if (dictCode === IMAGE_DICTIONARY && !item.img.trim()) errors[i] = "imageRequired";
    seen.add(name);
  });
  return errors;
}

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
