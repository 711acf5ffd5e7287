/**
 * A resource's view declaration: what its list, filters and form show. Client-safe (no table, no SQL);
 * the server half (resource.server.ts) adds the table, schema and rules for the same name.
 */
export type Label = { zh: string; en: string };

export interface OptionDef {
  value: string;
  label: Label;
  tone?: "success" | "danger" | "muted";
}

/** duration: milliseconds, shown in seconds or minutes */
export type ColumnType = "text" | "status" | "date" | "datetime" | "number" | "duration";

export interface ColumnDef {
  key: string;
  label: Label;
  type?: ColumnType;
  sortable?: boolean;
  /** fixed columns cannot be hidden in the column panel */
  fixed?: boolean;
  options?: OptionDef[];
  /** text shown for an empty value (e.g. 永久 for an expiry that is never) */
  empty?: Label;
  /** the row value shown as the cell's tooltip instead of its text (e.g. the full JSON behind a summary) */
  titleKey?: string;
}

export interface FilterDef {
  key: string;
  label: Label;
  /** date: a yyyy-MM-dd day picker */
  type: "text" | "select" | "date";
  options?: OptionDef[];
  /** shown in the simple (folded) search bar */
  simple?: boolean;
  /** set only by links (e.g. one vehicle's alarms): no control, kept by the form, shown as a removable chip */
  hidden?: boolean;
}

export interface FormFieldDef {
  key: string;
  label: Label;
  /**
   * location: one map picker (app/widgets/map-picker.tsx) posting longitude, latitude and an address under `keys`;
   * vehicles: plate numbers, one a line, picked from `source` (see app/widgets/vehicle-picker.tsx)
   */
  type: "text" | "password" | "email" | "tel" | "select" | "date" | "textarea" | "checkboxes" | "number" | "location" | "vehicles";
  /** location only: the posted names of its parts; required applies to longitude and latitude, never the address */
  keys?: LocationKeys;
  required?: boolean;
  options?: OptionDef[];
  /** only on create (e.g. login account, initial password) */
  createOnly?: boolean;
  maxLength?: number;
  hint?: Label;
  /** the value a new record starts with */
  defaultValue?: string;
  /** vehicles: the search endpoint the picker asks (GET ?q=, answers {data: {id, plate, terminalNo}[]}) */
  source?: string;
}

/** The names a location field posts its WGS-84 longitude, latitude and (optional) address under. */
export interface LocationKeys {
  lng: string;
  lat: string;
  address?: string;
}

/** The labels of a location field's parts (the list columns of the same values use the same words). */
export const LOCATION_LABELS = {
  lng: { zh: "经度", en: "Longitude" },
  lat: { zh: "纬度", en: "Latitude" },
  address: { zh: "地址", en: "Address" },
} satisfies Record<keyof LocationKeys, Label>;

/**
 * The form as the values it posts: a location field becomes its longitude, latitude and address inputs. Excel
 * templates and imports, the preview and the import report read fields this way.
 */
export function formInputs(form: FormFieldDef[]): FormFieldDef[] {
  return form.flatMap((f): FormFieldDef[] => {
    if (f.type !== "location" || !f.keys) return [f];
    const { keys } = f;
    return (["lng", "lat", "address"] as const).flatMap((part) => {
      const key = keys[part];
      return key ? [{ key, label: LOCATION_LABELS[part], type: part === "address" ? ("text" as const) : ("number" as const), required: part !== "address" && f.required, createOnly: f.createOnly }] : [];
    });
  });
}

export interface ResourceView {
  name: string;
  /** the screen path, e.g. /userManage */
  path: string;
  /** the menu screen that grants access when the list lives below it (e.g. /deviceList/models under /deviceList); default: path */
  screen?: string;
  /** the menu privis: permission codes are `${permission}:view|add|edit|delete|export|import` */
  permission: string;
  title: Label;
  /** one record, for form titles: 新增用户 / New user */
  singular: Label;
  columns: ColumnDef[];
  filters: FilterDef[];
  form: FormFieldDef[];
  /** the column that names a row in confirmations */
  rowLabel: string;
  /** a list nobody edits (logs): no add, edit, delete or import, whatever the user's codes; export stays */
  readOnly?: boolean;
}

export const PAGE_SIZES = [20, 30, 50, 100, 0] as const;
/** Rows per request when a list is not paged (size 0, infinite scroll). */
export const INFINITE_CHUNK = 100;
export const DEFAULT_PAGE_SIZE = 20;

export interface ListQuery {
  page: number;
  /** 0 = no paging (infinite scroll) */
  size: number;
  sort: string | null;
  order: "asc" | "desc";
  filters: Record<string, string>;
}

/** Reads paging, sorting and filters from the URL; unknown or bad values fall back to defaults. */
export function parseListQuery(url: URL, view: Pick<ResourceView, "columns" | "filters">): ListQuery {
  const p = url.searchParams;
  const size = Number(p.get("size"));
  const page = Math.floor(Number(p.get("page")));
  const sort = p.get("sort");
  const filters: Record<string, string> = {};
  for (const f of view.filters) {
    // search text: trimmed, percent signs removed (spec §5)
    const v = (p.get(f.key) ?? "").replace(/%/g, "").trim();
    if (v && (f.type !== "select" || f.options?.some((o) => o.value === v) !== false)) filters[f.key] = v.slice(0, 100);
  }
  return {
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) && p.has("size") ? size : DEFAULT_PAGE_SIZE,
    sort: view.columns.some((c) => c.key === sort && c.sortable) ? sort : null,
    order: p.get("order") === "asc" ? "asc" : "desc",
    filters,
  };
}

/** The list URL for a query with some parts changed; defaults are left out so URLs stay short. */
export function listHref(path: string, q: ListQuery, patch: Partial<ListQuery> = {}): string {
  const next = { ...q, ...patch };
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(next.filters)) if (v) p.set(k, v);
  if (next.sort) {
    p.set("sort", next.sort);
    p.set("order", next.order);
  }
  if (next.size !== DEFAULT_PAGE_SIZE) p.set("size", String(next.size));
  if (next.page > 1) p.set("page", String(next.page));
  const s = p.toString();
  return s ? `${path}?${s}` : path;
}

export const labelOf = (l: Label, lang: string) => (lang.startsWith("zh") ? l.zh : l.en);

/** A user's column choice for one list: display order and hidden columns (spec §2 显示配置). */
export interface ColumnPrefs {
  order: string[];
  hidden: string[];
}

/** The columns in the user's order, hidden ones left out; columns added since the choice go at the end. */
export function applyColumnPrefs(columns: ColumnDef[], prefs: ColumnPrefs | null): ColumnDef[] {
  if (!prefs) return columns;
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const ordered = [...prefs.order.filter((k) => byKey.has(k)), ...columns.map((c) => c.key).filter((k) => !prefs.order.includes(k))];
  return ordered.map((k) => byKey.get(k)!).filter((c) => c.fixed || !prefs.hidden.includes(c.key));
}

/** The two refusals of the column panel: a fixed column cannot be hidden, and at least one column stays. */
export function checkColumnChoice(columns: ColumnDef[], visible: string[]): { message: "fixedColumn"; column: ColumnDef } | { message: "noColumns" } | null {
  const fixed = columns.find((c) => c.fixed && !visible.includes(c.key));
  if (fixed) return { message: "fixedColumn", column: fixed };
  if (!columns.some((c) => visible.includes(c.key))) return { message: "noColumns" };
  return null;
}
