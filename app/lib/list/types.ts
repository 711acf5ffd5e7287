/**
 * A resource's view declaration: what its list, filters and form show. Client-safe (no table, no SQL);
 * the server half (resource.server.ts) adds the table, schema and rules for the same name.
 */
import { downloadUrlOf } from "~/lib/upload-rules";
import { searchText } from "./search";

export type Label = { zh: string; en: string };

export interface OptionDef {
  value: string;
  label: Label;
  tone?: "success" | "warning" | "danger" | "muted";
}

/**
 * duration: milliseconds, shown in seconds or minutes. index: the row's number (序号), counted across pages.
 * expand: a toggle that shows the column's `fields` in a sub-row. images: file ids or URLs, up to 4 thumbnails.
 */
/** `label`: the row holds the text in both languages ({ zh, en }), the cell shows the reader's */
export type ColumnType = "text" | "status" | "label" | "date" | "datetime" | "number" | "duration" | "index" | "expand" | "images";

export interface ColumnDef {
  key: string;
  label: Label;
  type?: ColumnType;
  sortable?: boolean;
  /** fixed columns cannot be hidden in the column panel */
  fixed?: boolean;
  /** shown only once the user ticks it in 显示配置: a column few need, which would crowd the table at 1280 px */
  optional?: boolean;
  options?: OptionDef[];
  /** text shown for an empty value (e.g. 永久 for an expiry that is never) */
  empty?: Label;
  /** the row value shown as the cell's tooltip instead of its text (e.g. the full JSON behind a summary) */
  titleKey?: string;
  /** a header filter panel (funnel in the header) that sets this filter of the view, the same URL parameter the search bar sets */
  headerFilter?: string;
  /** type expand: the row's extra fields shown in the expanded sub-row */
  fields?: ColumnDef[];
  /** a long text shown as written (line breaks kept) in an expanded sub-row */
  pre?: boolean;
  /** the column shows money (yuan with separators, 38,000.50): an Excel export writes it as a number with two decimals, so a sum adds up */
  money?: boolean;
}

/** The 序号 column: the row's number in the whole list, continuing across pages. */
export const INDEX_COLUMN = { key: "rowNo", label: { zh: "序号", en: "No." }, type: "index" } as const satisfies ColumnDef;

/** The 序号 of the i-th row (from 0) on the query's page; a list without paging counts from the first row. */
export function rowNumber(query: Pick<ListQuery, "page" | "size">, i: number): number {
  return (query.size > 0 ? (query.page - 1) * query.size : 0) + i + 1;
}

/** Spec §2/§9: a table cell shows at most 4 images. */
export const IMAGES_IN_CELL = 4;

/** The download address of an uploaded file by id (spec §7); a URL or absolute path is used as it is. */
export function fileUrl(ref: string): string {
  return /^(https?:)?\/\//i.test(ref) || ref.startsWith("/") || ref.startsWith("data:") ? ref : downloadUrlOf(ref);
}

/** An images cell: the file ids or URLs of a value (an array, or text split at commas), the first 4 shown and how many more there are. */
export function imageCell(value: unknown, max = IMAGES_IN_CELL): { urls: string[]; shown: string[]; more: number } {
  const refs = (Array.isArray(value) ? value : typeof value === "string" || typeof value === "number" ? String(value).split(/[,，\s]+/) : [])
    .map((v) => String(v ?? "").trim())
    .filter(Boolean);
  const urls = refs.map(fileUrl);
  return { urls, shown: urls.slice(0, max), more: Math.max(0, urls.length - max) };
}

/** Columns that hold a row's data (an export writes these; the row number and the expand toggle are the table's own). */
export const isDataColumn = (c: ColumnDef) => c.type !== "index" && c.type !== "expand";

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
  type: "text" | "password" | "email" | "tel" | "select" | "date" | "time" | "textarea" | "checkboxes" | "number" | "location" | "vehicles" | CodecType | "lines" | "files";
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
  /** number, money, quantity: the largest value (in the field's own unit: yuan, pieces) */
  maxValue?: number;
  /** quantity: the decimal places it keeps (default 0); stored as an integer of the smallest unit */
  decimals?: number;
  /** lines: the fields of one line (never lines again), see {@link LinesOptions} */
  lines?: LinesOptions;
  /** files: how many files at most (default 20); the row keeps their ids comma-separated */
  limit?: number;
  /** a column's width in a lines table (a Tailwind class, e.g. "w-32") */
  width?: string;
  /**
   * a line field the user reads but does not type: text (its value as a cell) or hidden (no column); either is posted
   * along unchanged, so a refused form comes back with it (a bill's number and open amount beside the amount typed)
   */
  show?: "text" | "hidden";
  /** select: its options as a row of radio buttons (a score 1–5) rather than a list */
  choice?: "radios";
  /** a line field of a `blocks` lines field that waits under its 更多条款 (a machine's rarer terms) */
  more?: boolean;
  /**
   * a head field shown only while each named head field has one of its values (a sub-contract's supplier): once the
   * page runs it follows the choice at once; hidden, it is disabled (it posts nothing, and what was typed in it is
   * there again when it shows) and the schema judges it as nothing (field-schema.ts)
   */
  when?: Record<string, string[]>;
  /** a head field two columns wide (a textarea always is) */
  wide?: boolean;
  /**
   * a select whose choices narrow, once the page runs, to those whose `parent` is the named field's current value (a
   * contract of the chosen customer; in a lines table, a machine of the head's chosen contract); with none chosen, or
   * without JavaScript, all are offered and the server judges
   */
  follows?: string;
}

/**
 * A `lines` field: a nested table of typed fields posted as `key[i].field`. Rows are added, removed and moved by
 * submit buttons the server answers without JavaScript and the page applies at once with it (Conform's intents); a
 * row left wholly blank is dropped before it is judged.
 */
export interface LinesOptions {
  fields: FormFieldDef[];
  /** at least this many rows (default 0); the refusal names the count, and a new document starts with as many blank */
  minRows?: number;
  /** a new form starts with this many blank rows (default minRows): one to type into where none is required */
  startRows?: number;
  /** the add button's words (default 添加一行), e.g. 添加联系人 */
  addLabel?: Label;
  /** at most this many rows (default FORM_MAX_ROWS) */
  maxRows?: number;
  /** line fields summed in the table's totals row (money, quantity, number) */
  totals?: string[];
  /** the values a new row starts with */
  newRow?: Record<string, string>;
  /** line fields no two rows may share (a machine moves once per transfer): the later row is refused at the field, naming the first */
  unique?: string[];
  /** the rows are the server's (the bills open for an invoice): none added, removed or moved */
  fixed?: boolean;
  /** the line field naming a row, which names its cells for screen readers (ZD-202611-0003 本次开票) */
  rowLabel?: string;
  /**
   * once the page runs, only the rows whose `line` field is the head field `head`'s current value show (a customer's
   * bills); `pick` is said while the head field is empty. Without JavaScript every row shows and the server judges
   */
  follow?: { line: string; head: string; pick?: Label };
  /** once the page runs, the table shows only while each named head field has one of its values (a receipt allocated by hand) */
  when?: Record<string, string[]>;
  /** said when there is no row to show (没有可开票的账单) */
  empty?: Label;
  /** the mean of a line field over the rows that have one, to two decimals half up, as it is chosen (本表平均分) */
  average?: { field: string; label: Label };
  /** blocks: each row a block of labelled fields that wrap (a contract's machine, too many terms for a table row) */
  layout?: "table" | "blocks";
  /** blocks: the words that open the fields marked `more` (default 更多) */
  moreLabel?: Label;
  /** the row number's heading (default 行号), e.g. 期数 for a payment plan */
  rowNo?: Label;
}

/**
 * The field types whose posted text is read by a codec (app/lib/field-codecs.ts): money in cents, a percent in basis
 * points, a quantity in its smallest unit, a reference as a row id among the field's options, a flag as 0/1.
 */
export type CodecType = "money" | "percent" | "quantity" | "reference" | "flag";

/**
 * A form's fields declared for a typed form (a document's): the literal declaration is kept, so the schema's values
 * (app/modules/resource/field-schema.ts, ValuesOf) and Conform's field names follow from it (a key not declared fails tsc).
 */
export const defineFields = <const Fs extends FormFieldDef[]>(fields: Fs): Fs => fields;

/** The names a location field posts its WGS-84 longitude, latitude and (optional) address under. */
export interface LocationKeys {
  lng: string;
  lat: string;
  address?: string;
  /** a sign-in place's range in metres (spec §9 radii): the field is then the sign-in map (app/widgets/sign-in-map.tsx) */
  signRange?: string;
}

/** The name a location field posts its sign-in range under, or never. */
export type SignRangeKeyOf<K extends LocationKeys> = K extends { signRange: infer S extends string } ? S : never;

/** The labels of a location field's parts (the list columns of the same values use the same words). */
export const LOCATION_LABELS = {
  lng: { zh: "经度", en: "Longitude" },
  lat: { zh: "纬度", en: "Latitude" },
  address: { zh: "地址", en: "Address" },
  signRange: { zh: "签到范围(米)", en: "Sign-in range (m)" },
} satisfies Record<keyof LocationKeys, Label>;

/**
 * The form as the values it posts: a location field becomes its longitude, latitude and address inputs. Excel
 * templates and imports, the preview and the import report read fields this way.
 */
/** Whether a field with `when` is shown by these values of the form (a choice's value as text; nothing as ""). */
export const shownBy = (field: Pick<FormFieldDef, "when">, values: Record<string, unknown>) =>
  Object.entries(field.when ?? {}).every(([name, allowed]) => allowed.includes(values[name] === null || values[name] === undefined ? "" : String(values[name])));

/** What a new form starts with: each field's default, each lines field's blank rows (a blank row is no row when saved). */
export function newFormValues(form: FormFieldDef[]): Record<string, unknown> {
  return Object.fromEntries(form.map((f) => [f.key, f.type === "lines" ? Array.from({ length: f.lines?.startRows ?? f.lines?.minRows ?? 0 }, () => ({ ...f.lines?.newRow })) : (f.defaultValue ?? "")]));
}

export function formInputs(form: FormFieldDef[]): FormFieldDef[] {
  return form.flatMap((f): FormFieldDef[] => {
    // a document's lines are a sheet of their own (SheetDef.lines) and its files uploads, never head cells
    if (f.type === "lines" || f.type === "files") return [];
    if (f.type !== "location" || !f.keys) return [f];
    const { keys } = f;
    return (["lng", "lat", "address", "signRange"] as const).flatMap((part) => {
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
  /**
   * a document (a head with lines, states, an approval): a row opens on its document page (`<path>/form?id=`, a new one
   * `<path>/form?new=1`: {@link documentHref}), never in the drawer, and no Excel import makes one
   */
  document?: true;
  /** the Excel sheets, when the drawer's form is not the whole record (a contract's head and its lines): see SheetDef */
  sheet?: SheetDef;
}

/**
 * What an Excel import reads, its template offers and an export adds, for a record edited on a page of its own: the
 * head's fields (default: the form) and a second sheet of lines, each naming its head by the head's `rowLabel` value
 * in its first column. A line's refusal is reported as `<key>[<its row in the lines sheet>].<field>`.
 */
export interface SheetDef {
  fields?: FormFieldDef[];
  lines?: { key: string; title: Label; fields: FormFieldDef[] };
}

/** The head fields an Excel import reads (the sheet's fields, or the form's). */
export const sheetFields = (view: ResourceView): FormFieldDef[] => formInputs(view.sheet?.fields ?? view.form);

declare const viewKeys: unique symbol;

/**
 * A view that carries the keys it was written with (a type only, nothing at run time): pages see a plain
 * ResourceView, the server half (defineResource) checks each key against the listed row, its filters and its schemas.
 */
export type TypedView<Columns extends string, Filters extends string, Form extends string> = ResourceView & { readonly [viewKeys]?: { columns: Columns; filters: Filters; form: Form } };

/** The column, filter or form keys a view was declared with (defineView); `string` for a view declared otherwise. */
export type ViewKeys<V, K extends "columns" | "filters" | "form"> = V extends { readonly [viewKeys]?: infer B } ? (B extends { [P in K]: infer X extends string } ? X : string) : string;

// the keys of a view's data columns (the 序号 and expand columns are the table's own), its filters and its form's posted fields
type ColumnKeysOf<V extends ResourceView> = V["columns"][number] extends infer C ? (C extends { type: "index" | "expand" } ? never : C extends { key: infer K extends string } ? K : never) : never;
type FormKeysOf<V extends ResourceView> = V["form"][number] extends infer F ? (F extends { type: "location"; keys: infer K extends LocationKeys } ? K["lng"] | K["lat"] | NonNullable<K["address"]> | SignRangeKeyOf<K> : F extends { key: infer K extends string } ? K : never) : never;

/** Declares a view, keeping the keys it is written with for defineResource to check. */
export function defineView<const V extends ResourceView>(view: V): TypedView<ColumnKeysOf<V>, V["filters"][number]["key"], FormKeysOf<V>> {
  return view;
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
    // every value cleaned and bounded once, here (percent signs removed: spec §5)
    const v = searchText(p.get(f.key) ?? "");
    if (v && (f.type !== "select" || f.options?.some((o) => o.value === v) !== false)) filters[f.key] = v;
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

/** A document's page: one document (`<list path>/form?id=`), or a new one (`?new=1`). */
export const documentHref = (path: string, id: number | "new") => (id === "new" ? `${path}/form?new=1` : `${path}/form?id=${id}`);

export const labelOf = (l: Label, lang: string) => (lang.startsWith("zh") ? l.zh : l.en);
/** An option's label in the language, by its value; the value itself when no option has it (a kind stored before its option). */
export const optionLabel = (options: readonly OptionDef[], value: string, lang: string) => {
  const option = options.find((o) => o.value === value);
  return option ? labelOf(option.label, lang) : value;
};

/** A user's column choice for one list: display order and hidden columns (spec §2 显示配置). */
export interface ColumnPrefs {
  order: string[];
  hidden: string[];
}

/**
 * Column keys in the user's order. Columns added since the choice go at the end, except the table's own
 * leading columns (序号, the expand toggle), which go first.
 */
export function columnOrder(columns: ColumnDef[], prefs: ColumnPrefs | null): string[] {
  if (!prefs) return columns.map((c) => c.key);
  const known = new Set(columns.map((c) => c.key));
  const added = columns.filter((c) => !prefs.order.includes(c.key));
  return [...added.filter((c) => !isDataColumn(c)).map((c) => c.key), ...prefs.order.filter((k) => known.has(k)), ...added.filter(isDataColumn).map((c) => c.key)];
}

/**
 * The choice the table and 显示配置 go by, worked out on the server (so the page's JS stays as it was): the saved one,
 * with every optional column it does not name (no choice yet, or one saved before the column existed) hidden.
 */
export function effectiveColumnPrefs(columns: ColumnDef[], prefs: ColumnPrefs | null): ColumnPrefs | null {
  const unnamed = columns.filter((c) => c.optional && !c.fixed && !prefs?.order.includes(c.key) && !prefs?.hidden.includes(c.key)).map((c) => c.key);
  if (!unnamed.length) return prefs;
  return { order: prefs?.order ?? columns.map((c) => c.key), hidden: [...(prefs?.hidden ?? []), ...unnamed] };
}

/** The columns in the user's order ({@link columnOrder}), hidden ones left out. */
export function applyColumnPrefs(columns: ColumnDef[], prefs: ColumnPrefs | null): ColumnDef[] {
  if (!prefs) return columns;
  const byKey = new Map(columns.map((c) => [c.key, c]));
  return columnOrder(columns, prefs)
    .map((k) => byKey.get(k)!)
    .filter((c) => c.fixed || !prefs.hidden.includes(c.key));
}

/** The two refusals of the column panel: a fixed column cannot be hidden, and at least one column stays. */
export function checkColumnChoice(columns: ColumnDef[], visible: string[]): { message: "fixedColumn"; column: ColumnDef } | { message: "noColumns" } | null {
  // hiding the last shown column says 显示字段不能为空 first, even when that column is also a fixed one
  if (!columns.some((c) => visible.includes(c.key))) return { message: "noColumns" };
  const fixed = columns.find((c) => c.fixed && !visible.includes(c.key));
  if (fixed) return { message: "fixedColumn", column: fixed };
  return null;
}
