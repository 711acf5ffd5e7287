import { data, redirect } from "@remix-run/cloudflare";
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import { batch, type Db } from "../../../db/client";
import { dictionaries, dictionaryItems } from "../../../db/schema";
import { ofTenant, withTenant } from "../../../db/tenant";
import { forbidden, type RequestScope } from "~/modules/access/access.server";
import { flashCookie } from "~/modules/auth/session.server";
import { sameSitePath } from "~/lib/same-site-path";
import { containing, defineResource, findRow, updateRow, type FieldErrors, withLimit } from "~/modules/resource/resource.server";
import { postedValues } from "~/modules/resource/form.server";
import type { ResourceActionData } from "~/modules/resource/route.server";
import { checkItems, type DictionaryActionData, type DictionaryOption, type DraftItem } from "~/lib/dictionary-items";
import { dictionaryView, postedItems } from "./dictionary.resource";
import type zhSystem from "~/i18n/zh-CN/system-admin";
import { line } from "~/lib/form-fields";
import { auditRecord, runCommand, type CommandStep } from "~/modules/resource/command.server";

const DictionarySchema = z.object({
  dictCode: line()
    .min(1, "validation.required")
    .max(50, "system:dictionary.codeFormat")
    .regex(/^[A-Za-z0-9_]+$/, "system:dictionary.codeFormat"),
  dictName: line().min(1, "validation.required").max(30, "system:dictionary.nameTooLong"),
});
const DictionaryUpdateSchema = DictionarySchema.pick({ dictName: true });

// aliases written out: in a one-table select drizzle leaves columns unqualified, and "id" would bind to the items
const itemCount = sql<number>`(select count(*) from dictionary_items di where di.dictionary_id = "dictionaries"."id")`;

export const dictionaryResource = defineResource({
  view: dictionaryView,
  table: dictionaries,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({ id: dictionaries.id, version: dictionaries.version, dictCode: dictionaries.dictCode, dictName: dictionaries.dictName, isSystem: dictionaries.isSystem, itemCount })
      .from(dictionaries)
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  filters: {
    q: (v) => or(containing(dictionaries.dictCode, v), containing(dictionaries.dictName, v)),
    isSystem: (v) => eq(dictionaries.isSystem, Number(v)),
  },
  sortColumns: { dictCode: dictionaries.dictCode, dictName: dictionaries.dictName, isSystem: dictionaries.isSystem },
  defaultOrder: [asc(dictionaries.sort), asc(dictionaries.id)],
  createSchema: DictionarySchema,
  updateSchema: DictionaryUpdateSchema,
  unique: [{ field: "dictCode", column: dictionaries.dictCode, message: "system:dictionary.duplicateCode" }],
  // dictionaries made on the screen are always custom: only the seed makes system ones
  toInsert: (values) => ({ ...values, isSystem: 0 }),
  toUpdate: (values) => values,
  async beforeDelete(scope, ids) {
    const [system] = await scope.db
      .select({ n: sql<number>`count(*)` })
      .from(dictionaries)
      .where(and(inArray(dictionaries.id, ids), eq(dictionaries.isSystem, 1)));
    if ((system?.n ?? 0) > 0) return { refuse: "system:dictionary.systemDictionary" };
    return { dependents: [scope.db.delete(dictionaryItems).where(and(inArray(dictionaryItems.dictionaryId, ids), ofTenant(dictionaryItems, scope.user.tenantId)))] };
  },
  auditView: (row) => row,
});

export interface EditorDictionary {
  id: number;
  dictCode: string;
  dictName: string;
  isSystem: number;
  version: number;
}

async function findDictionary(scope: RequestScope, where: { id?: number; code?: string }): Promise<EditorDictionary | undefined> {
  const [row] = await scope.db
    .select({ id: dictionaries.id, dictCode: dictionaries.dictCode, dictName: dictionaries.dictName, isSystem: dictionaries.isSystem, version: dictionaries.version })
    .from(dictionaries)
    .where(and(ofTenant(dictionaries, scope.user.tenantId), where.code !== undefined ? eq(dictionaries.dictCode, where.code) : eq(dictionaries.id, where.id ?? 0)))
    .limit(1);
  return row;
}

async function itemsOf(db: Db, tenantId: number, dictionaryId: number) {
  return db
    .select({ id: dictionaryItems.id, dictName: dictionaryItems.dictName, dictValue: dictionaryItems.dictValue, imgValue: dictionaryItems.imgValue, isSystem: dictionaryItems.isSystem, disabled: dictionaryItems.disabled, sort: dictionaryItems.sort })
    .from(dictionaryItems)
    .where(and(ofTenant(dictionaryItems, tenantId), eq(dictionaryItems.dictionaryId, dictionaryId)))
    .orderBy(asc(dictionaryItems.sort), asc(dictionaryItems.id));
}

/** The option editor of one dictionary of the caller's tenant (404 for another tenant's id). */
export async function loadEditor(scope: RequestScope, dictId: number) {
  const dictionary = await findDictionary(scope, { id: dictId });
  if (!dictionary) throw new Response("Not Found", { status: 404 });
  const rows = await itemsOf(scope.db, scope.user.tenantId, dictionary.id);
  const items: DraftItem[] = rows.map((r) => ({ id: r.id, name: r.dictName, img: r.imgValue ?? "", locked: r.isSystem === 1 }));
  return { dictionary, items };
}

/** The enabled options of a dictionary by code, for the dictionary select and GET /api/system/dict/options. */
export async function dictionaryOptions(scope: Pick<RequestScope, "db" | "user">, dictCode: string) {
  const [dictionary] = await scope.db
    .select({ id: dictionaries.id, dictName: dictionaries.dictName, isSystem: dictionaries.isSystem })
    .from(dictionaries)
    .where(and(ofTenant(dictionaries, scope.user.tenantId), eq(dictionaries.dictCode, dictCode)))
    .limit(1);
  if (!dictionary) return null;
  const rows = await itemsOf(scope.db, scope.user.tenantId, dictionary.id);
  const options: DictionaryOption[] = rows.filter((r) => r.disabled === 0).map((r) => ({ value: r.dictValue, label: r.dictName, img: r.imgValue }));
  return { dictionary, options };
}

/** A text of the dictionary screen's namespace as a message (a key that names no text fails tsc). */
const messageOf = <K extends keyof (typeof zhSystem)["dictionary"] & string>(key: K) => `system:dictionary.${key}` as const;

/** The editor's posted rows checked against the rules; messages are i18n keys. */
function draftErrors(dictCode: string, items: DraftItem[]): Record<number, string> {
  return Object.fromEntries(Object.entries(checkItems(dictCode, items)).map(([i, key]) => [i, messageOf(key)]));
}

/** The posted draft with what the server knows: ids of this dictionary only, locked rows as stored. */
async function readDraft(scope: RequestScope, form: FormData) {
  const { dictionary, items: stored } = await loadEditor(scope, Number(form.get("dictId")));
  const byId = new Map(stored.map((s) => [s.id!, s]));
  const items = postedItems(form)
    .filter((item) => item.id === null || byId.has(item.id))
    .map((item) => (item.id !== null && byId.get(item.id)!.locked ? { ...byId.get(item.id)! } : { ...item, locked: false }));
  return { dictionary, stored, items, version: Number(form.get("version")) };
}

function draftAnswer(dictionary: EditorDictionary, version: number, items: DraftItem[], extra: { errors?: Record<number, string>; formError?: string; confirm?: { removed: string[] } } = {}, status = 200) {
  return data<DictionaryActionData>({ intent: "draft", dictId: dictionary.id, version, items, errors: extra.errors ?? {}, formError: extra.formError, confirm: extra.confirm }, { status });
}

/** The row and direction of a no-JavaScript move or delete, carried in the button's formaction query. */
function rowOf(request: Request) {
  const url = new URL(request.url);
  return { row: Math.floor(Number(url.searchParams.get("row"))), dir: url.searchParams.get("dir") === "up" ? -1 : 1 };
}

function requireCode(scope: RequestScope, action: "add" | "edit" | "delete") {
  if (!scope.access.permissions.has(`disData:${action}`)) throw forbidden();
}

/** Bumps the dictionary's version when it is still the one the user edited: the first step of a save, guarded. */
function versionClaim(scope: RequestScope, dictionary: EditorDictionary, version: number) {
  return scope.db
    .update(dictionaries)
    .set({ version: version + 1, updatedAt: Date.now() })
    .where(and(eq(dictionaries.id, dictionary.id), ofTenant(dictionaries, scope.user.tenantId), eq(dictionaries.version, version)));
}

async function nextValue(db: Db, dictionaryId: number) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(cast(${dictionaryItems.dictValue} as integer)), 0)` })
    .from(dictionaryItems)
    .where(eq(dictionaryItems.dictionaryId, dictionaryId));
  return Number(row?.n ?? 0) + 1;
}

/**
 * The option editor's intents. The draft ones (add row, move, remove, ask to save) let the editor work as plain
 * HTML forms: the server answers the edited draft without writing; saveItems writes it; addItem is the
 * dictionary select's one-option add. Each checks disData:add / edit / delete for what it changes.
 */
export const dictionaryIntents = (request: Request) => ({
  // the generic update, but a system dictionary keeps its name (the seed owns it)
  update: {
    permission: "edit" as const,
    async run(scope: RequestScope, form: FormData, back: string) {
      const id = Number(form.get("id"));
      const row = await findRow(scope, dictionaryResource, id);
      if (!row) throw new Response("Not Found", { status: 404 });
      const values = postedValues(form);
      const refused = (errors: FieldErrors, status: number) => data<ResourceActionData>({ intent: "update", errors, values, options: {} }, { status });
      if (row.isSystem === 1) return refused({ form: messageOf("systemDictionaryEdit") }, 400);
      const result = await updateRow(scope, dictionaryResource, id, values);
      if (result.ok) return redirect(back, { headers: { "Set-Cookie": flashCookie("saved") } });
      if (result.status === 404) throw new Response("Not Found", { status: 404 });
      return refused(result.errors, result.status);
    },
  },
  draftAdd: {
    permission: "add" as const,
    async run(scope: RequestScope, form: FormData) {
      const d = await readDraft(scope, form);
      if (d.dictionary.isSystem) return draftAnswer(d.dictionary, d.version, d.items, { formError: messageOf("systemLocked") }, 400);
      return draftAnswer(d.dictionary, d.version, [...d.items, { id: null, name: "", img: "", locked: false }]);
    },
  },
  draftMove: {
    permission: "edit" as const,
    async run(scope: RequestScope, form: FormData) {
      const d = await readDraft(scope, form);
      const { row, dir } = rowOf(request);
      const to = row + dir;
      if (row >= 0 && to >= 0 && row < d.items.length && to < d.items.length) [d.items[row], d.items[to]] = [d.items[to]!, d.items[row]!];
      return draftAnswer(d.dictionary, d.version, d.items);
    },
  },
  draftRemove: {
    permission: "delete" as const,
    async run(scope: RequestScope, form: FormData) {
      const d = await readDraft(scope, form);
      const { row } = rowOf(request);
      if (d.items[row]?.locked) return draftAnswer(d.dictionary, d.version, d.items, { formError: messageOf("systemItem") }, 400);
      return draftAnswer(d.dictionary, d.version, d.items.filter((_, i) => i !== row));
    },
  },
  confirmSave: {
    permission: "edit" as const,
    async run(scope: RequestScope, form: FormData) {
      const d = await readDraft(scope, form);
      const errors = draftErrors(d.dictionary.dictCode, d.items);
      if (Object.keys(errors).length) return draftAnswer(d.dictionary, d.version, d.items, { errors }, 400);
      const kept = new Set(d.items.map((i) => i.id));
      return draftAnswer(d.dictionary, d.version, d.items, { confirm: { removed: d.stored.filter((s) => !kept.has(s.id)).map((s) => s.name) } });
    },
  },
  saveItems: {
    permission: "edit" as const,
    async run(scope: RequestScope, form: FormData, back: string) {
      const d = await readDraft(scope, form);
      if (d.dictionary.isSystem) return draftAnswer(d.dictionary, d.version, d.items, { formError: messageOf("systemLocked") }, 400);
      // a locked row posted with another name or image is refused, not silently restored
      const posted = postedItems(form);
      if (posted.some((p) => p.id !== null && d.stored.some((s) => s.id === p.id && s.locked && (s.name !== p.name || s.img !== p.img)))) {
        return draftAnswer(d.dictionary, d.version, d.items, { formError: messageOf("systemItem") }, 400);
      }
      const errors = draftErrors(d.dictionary.dictCode, d.items);
      if (Object.keys(errors).length) return draftAnswer(d.dictionary, d.version, d.items, { errors }, 400);
      const kept = new Set(d.items.map((i) => i.id));
      const removed = d.stored.filter((s) => !kept.has(s.id));
      if (removed.some((s) => s.locked)) return draftAnswer(d.dictionary, d.version, d.items, { formError: messageOf("systemItem") }, 400);
      const added = d.items.filter((i) => i.id === null);
      if (removed.length) requireCode(scope, "delete");
      if (added.length) requireCode(scope, "add");

      const tenantId = scope.user.tenantId;
      const byId = new Map(d.stored.map((s, i) => [s.id!, { ...s, sort: i }]));
      let value = await nextValue(scope.db, d.dictionary.id);
      // the version claimed first: a save someone else made meanwhile stores nothing of this one
      const writes: CommandStep[] = [versionClaim(scope, d.dictionary, d.version), { expect: 1 }];
      if (removed.length) writes.push(scope.db.delete(dictionaryItems).where(and(ofTenant(dictionaryItems, tenantId), inArray(dictionaryItems.id, removed.map((r) => r.id!)))));
      d.items.forEach((item, sort) => {
        const name = item.name.trim();
        const img = item.img.trim() || null;
        if (item.id === null) {
          writes.push(scope.db.insert(dictionaryItems).values(withTenant(tenantId, { dictionaryId: d.dictionary.id, dictCode: d.dictionary.dictCode, dictName: name, dictValue: String(value++), imgValue: img, sort })));
          return;
        }
        const before = byId.get(item.id)!;
        if (before.name === name && (before.img || null) === img && before.sort === sort) return;
        writes.push(
          scope.db
            .update(dictionaryItems)
            .set({ dictName: name, imgValue: img, sort, version: sql`${dictionaryItems.version} + 1`, updatedAt: Date.now() })
            .where(and(eq(dictionaryItems.id, item.id), ofTenant(dictionaryItems, tenantId))),
        );
      });
      const after = d.items.map((i) => ({ id: i.id, name: i.name.trim(), img: i.img.trim() }));
      const done = await runCommand(scope, writes, { entity: "dictionary", action: "saveItems", id: d.dictionary.id, before: { items: d.stored }, after: { items: after } });
      if (!done.ok) return draftAnswer(d.dictionary, d.version, d.items, { formError: "resource:stale" }, 409);
      return redirect(back, { headers: { "Set-Cookie": flashCookie("saved") } });
    },
  },
  addItem: {
    permission: "add" as const,
    async run(scope: RequestScope, form: FormData) {
      const dictionary = await findDictionary(scope, { code: String(form.get("dictCode") ?? "") });
      if (!dictionary) throw new Response("Not Found", { status: 404 });
      const refuse = (error: string, status = 400) => data<DictionaryActionData>({ intent: "addItem", ok: false, error }, { status });
      if (dictionary.isSystem) return refuse(messageOf("systemLocked"));
      const stored = await itemsOf(scope.db, scope.user.tenantId, dictionary.id);
      const item = { name: String(form.get("itemName") ?? ""), img: String(form.get("itemImg") ?? "") };
      const all = [...stored.map((s) => ({ name: s.dictName, img: s.imgValue ?? "x" })), item];
      const error = checkItems(dictionary.dictCode, all)[all.length - 1];
      if (error) return refuse(messageOf(error));
      const option = { value: String(await nextValue(scope.db, dictionary.id)), label: item.name.trim(), img: item.img.trim() || null };
      const tenantId = scope.user.tenantId;
      const sort = stored.reduce((m, s) => Math.max(m, s.sort + 1), 0);
      await batch(scope.db, [
        scope.db.insert(dictionaryItems).values(withTenant(tenantId, { dictionaryId: dictionary.id, dictCode: dictionary.dictCode, dictName: option.label, dictValue: option.value, imgValue: option.img, sort })),
        scope.db
          .update(dictionaries)
          .set({ version: sql`${dictionaries.version} + 1`, updatedAt: Date.now() })
          .where(eq(dictionaries.id, dictionary.id)),
        auditRecord(scope, { entity: "dictionary", action: "addItem", id: dictionary.id, after: option }),
      ]);
      // without JavaScript the select's form names the page to go back to
      const to = sameSitePath(String(form.get("redirectTo") ?? ""));
      if (to) return redirect(to, { headers: { "Set-Cookie": flashCookie("saved") } });
      return data<DictionaryActionData>({ intent: "addItem", ok: true, option });
    },
  },
});
