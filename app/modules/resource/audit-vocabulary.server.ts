import { resources } from "~/i18n/resources";
import type { Language } from "~/i18n/index";
import type { ColumnDef, FormFieldDef, Label, OptionDef } from "~/lib/list/types";
import type { MachineView } from "~/modules/workflow/machine";
import { AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_FIELDS } from "./audit-words";

/**
 * The words of the operation log in the reader's language: what an audit record's action, entity, fields and values
 * are called on the screens that wrote it. They come from the declarations themselves, every `*.resource.ts` of the
 * domains gathered by the bundler (a view's title, form fields, columns and their choices; a machine's transitions),
 * so a new document's log reads right without a list to extend; AUDIT_ACTIONS/ENTITIES/FIELDS name what no
 * declaration does (a grant, a settings page).
 */

interface ViewLike {
  name: string;
  singular: Label;
  columns: ColumnDef[];
  form: FormFieldDef[];
  lines?: { fields: FormFieldDef[] };
}

const isView = (x: unknown): x is ViewLike => !!x && typeof x === "object" && typeof (x as ViewLike).name === "string" && Array.isArray((x as ViewLike).columns) && Array.isArray((x as ViewLike).form);
const isMachine = (x: unknown): x is MachineView => !!x && typeof x === "object" && typeof (x as MachineView).kind === "string" && Array.isArray((x as MachineView).transitions);

/**
 * Every declaration, gathered once on first use (at request time: a module that imports this one, a seed script run
 * outside the bundler among them, does not need the bundler's glob to load).
 */
let gathered: { views: Map<string, ViewLike>; machines: MachineView[]; fields: Map<string, Map<string, Named>> } | null = null;
function vocabulary() {
  if (!gathered) {
    const declarations = Object.values(import.meta.glob<Record<string, unknown>>("../*/*.resource.ts", { eager: true })).flatMap((m) => Object.values(m));
    const views = new Map(declarations.filter(isView).map((v) => [v.name, v]));
    gathered = { views, machines: declarations.filter(isMachine), fields: new Map([...views].map(([name, view]) => [name, fieldsOf(view)])) };
  }
  return gathered;
}

type Named = { label: Label; options?: OptionDef[] };

/** A view's fields by key: its form (and lines) first, then its columns and the fields under an expand column. */
function fieldsOf(view: ViewLike | undefined): Map<string, Named> {
  const fields = new Map<string, Named>();
  if (!view) return fields;
  const add = (f: { key: string; label: Label; options?: OptionDef[] }) => {
    const had = fields.get(f.key);
    if (!had) fields.set(f.key, { label: f.label, options: f.options });
    else if (!had.options && f.options) had.options = f.options;
  };
  for (const f of [...view.form, ...(view.lines?.fields ?? []), ...view.form.flatMap((f) => f.lines?.fields ?? [])]) add(f);
  for (const c of view.columns) {
    if (c.type === "index") continue;
    if (c.type === "expand") (c.fields ?? []).forEach(add);
    else add(c);
  }
  return fields;
}

/** A message key ("ns:a.b") in one language, or null when it names no text. */
function messageIn(key: string, lang: Language): string | null {
  const [ns, path] = key.includes(":") ? key.split(":", 2) as [string, string] : ["common", key];
  let node: unknown = (resources[lang] as Record<string, unknown>)[ns];
  for (const part of path.split(".")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === "string" ? node : null;
}

const asWritten = (text: string): Label => ({ zh: text, en: text });

/** An entity by name: its view's singular (新增合同's 合同; in English capitalised, as a column's value), or AUDIT_ENTITIES. */
export function entityLabel(entity: string): Label {
  const singular = vocabulary().views.get(entity)?.singular;
  if (AUDIT_ENTITIES[entity]) return AUDIT_ENTITIES[entity];
  if (singular) return { zh: singular.zh, en: singular.en.charAt(0).toUpperCase() + singular.en.slice(1) };
  return entity.startsWith("settings:") ? AUDIT_ENTITIES.settings! : asWritten(entity);
}

/** An action by its name, or by the button of the entity's transition that wrote it (any entity's when null). */
export function actionLabel(entity: string | null, action: string): Label {
  if (AUDIT_ACTIONS[action]) return AUDIT_ACTIONS[action];
  for (const m of vocabulary().machines) {
    if (entity !== null && m.kind !== entity) continue;
    const t = m.transitions.find((x) => (x.audit ?? x.name) === action);
    const zh = t && messageIn(t.label, "zh-CN");
    const en = t && messageIn(t.label, "en-US");
    if (zh && en) return { zh, en };
  }
  return asWritten(action);
}

const fieldOf = (entity: string, key: string): Named | undefined => vocabulary().fields.get(entity)?.get(key) ?? (AUDIT_FIELDS[key] ? { label: AUDIT_FIELDS[key] } : undefined);

export function fieldLabel(entity: string, key: string): Label {
  return fieldOf(entity, key)?.label ?? asWritten(key);
}

/** A stored value as the screens show it: a choice by its label, nothing as —, a list or record as JSON. */
export function valueLabel(entity: string, key: string, value: unknown): Label {
  if (value === null || value === undefined || value === "") return asWritten("—");
  const option = fieldOf(entity, key)?.options?.find((o) => o.value === String(value));
  if (option) return option.label;
  return asWritten(typeof value === "object" ? JSON.stringify(value) : String(value));
}

type Values = Record<string, unknown>;
const SUMMARY_MAX = 120;
/** bookkeeping columns that say nothing to a reader of the log */
const QUIET = new Set(["id", "tenantId", "version", "createdAt", "updatedAt", "creatorId"]);

const asRecord = (v: unknown): Values | null => (v && typeof v === "object" && !Array.isArray(v) ? (v as Values) : null);

/**
 * One line a person can read, in both languages: the changed fields by their labels with their values as the screens
 * show them (old → new), or the fields of a created or deleted row (状态: 草稿 → 待审批; 名称=…).
 */
export function summariseChange(entity: string, before: unknown, after: unknown): Label {
  const b = asRecord(before);
  const a = asRecord(after);
  const part = (lang: "zh" | "en") => (k: string, v: unknown) => `${fieldLabel(entity, k)[lang]}=${valueLabel(entity, k, v)[lang]}`;
  let parts: ((lang: "zh" | "en") => string)[];
  if (b && a) {
    // a field that only went from absent to empty is no change to a reader (an optional note left blank)
    const empty = (v: unknown) => v === null || v === undefined || v === "";
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => !QUIET.has(k) && !(empty(b[k]) && empty(a[k])) && JSON.stringify(b[k] ?? null) !== JSON.stringify(a[k] ?? null));
    parts = keys.map((k) => (lang) => `${fieldLabel(entity, k)[lang]}: ${valueLabel(entity, k, b[k])[lang]} → ${valueLabel(entity, k, a[k])[lang]}`);
  } else {
    const row = a ?? b;
    parts = row ? Object.entries(row).filter(([k, v]) => !QUIET.has(k) && v !== null && v !== undefined && v !== "").map(([k, v]) => (lang) => part(lang)(k, v)) : [];
  }
  const line = (lang: "zh" | "en", sep: string) => {
    const text = parts.map((p) => p(lang)).join(sep);
    return text.length > SUMMARY_MAX ? `${text.slice(0, SUMMARY_MAX - 1)}…` : text;
  };
  return { zh: line("zh", "；"), en: line("en", "; ") };
}
