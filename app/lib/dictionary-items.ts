// The dictionary editor's rules and answers (spec §3, §5), shared by the dictionary widgets in the browser and the
// dictionary module on the server.

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

/** One enabled option of a dictionary, as the dictionary select shows it. */
export interface DictionaryOption {
  value: string;
  label: string;
  img: string | null;
}

/** What the dictionary screen's actions answer: the editor's draft with its errors, or an option added from a select. */
export type DictionaryActionData =
  | { intent: "draft"; dictId: number; version: number; items: DraftItem[]; errors: Record<number, string>; formError?: string; confirm?: { removed: string[] } }
  | { intent: "addItem"; ok: true; option: DictionaryOption }
  | { intent: "addItem"; ok: false; error: string };
