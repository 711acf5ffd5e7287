/**
 * The server half of a document (a head with lines, states, an approval): one loader and one action for its page,
 * from its declarations. The head is a resource (defineResource: its table, rules and audit); each `lines` field of
 * its form is stored in a table of its own, one row a line in order, written in the head's save batch. The form is
 * read by Conform with the schema its fields declare (field-schema.ts), the same schema the page validates with; a
 * row added, removed or moved without JavaScript comes back as the form one row different (Conform's intents).
 */
import type { Submission, SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { and, asc, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { auditLogs, users } from "../../../db/schema";
import { ofTenant, sameTenant, withTenant, type TenantTable } from "../../../db/tenant";
import { displayText, inputText, lineTotals, storedOf } from "~/lib/field-codecs";
import { documentHref, labelOf, newFormValues, type FormFieldDef, type Label, type ResourceView } from "~/lib/list/types";
import { readForm, requireSafeFieldNames } from "~/lib/posted-form.server";
import { requireScope, type RequestScope } from "~/modules/access/access.server";
import { flashCookie, readFlash } from "~/modules/auth/session.server";
import { readPreferences } from "~/modules/auth/preferences.server";
import type { Language } from "~/i18n/index";
import { namedFiles, type FileRef } from "~/modules/files/files.server";
import { historyOf, type ApprovalHistory, type ApprovalKind } from "~/modules/workflow/approval.server";
import { transitionIntents, type Machine, type StatefulRow } from "~/modules/workflow/engine.server";
import { heldCodes } from "~/modules/workflow/machine";
import { actionLabel, summariseChange } from "./audit-vocabulary.server";
import { documentWorkbook } from "./excel.server";
import { parseForm, type FormSchema } from "./field-schema";
import { createRow, findRow, updateRow, type AnyResource, type BatchItem, type FieldErrors, type ListedTable, type SaveTarget } from "./resource.server";
import { resourceAction, type Option } from "./route.server";

type Values = Record<string, unknown>;

/** Where one `lines` field's rows live: a tenant table whose columns are named as the line's fields, plus these two. */
export interface LinesStore {
  table: SQLiteTable & TenantTable & { id: SQLiteColumn };
  /** the column naming the head row */
  parent: SQLiteColumn;
  /** the column holding the line's place (1, 2, …) */
  position: SQLiteColumn;
}

/** The rules a document keeps on every save and shows on its page: its definition's, and its resource's `check` (documentChecks). */
export interface DocumentRules {
  /** whether a head row may still be edited (a draft, one sent back) */
  editable(row: Values): boolean;
  /** the choices of its select and reference fields, head and lines (the user's own rows only) */
  options(scope: RequestScope): Promise<Record<string, Option[]>>;
}

/** A document's server half. Row: what its machine reads of a head row. */
export interface DocumentDefinition<Row extends StatefulRow & { state: number }> extends DocumentRules {
  resource: AnyResource;
  /** each `lines` field of the form, by key: where its rows are stored */
  lines: Record<string, LinesStore>;
  /** the states and transitions (submit, approve …): the page shows the buttons the user may press */
  machine?: Machine<Row>;
  approval?: ApprovalKind;
  /** a new document's starting values from the address (`?new=1&contractId=`), among the options offered: else as declared */
  newValues?(url: URL, values: Values, options: Record<string, Option[]>): Values;
}

/**
 * The statements that replace a head's lines by these rows (in order): part of the head's save batch, so the head,
 * its lines and its audit record are stored together or not at all. Each line's stored values are the schema's
 * output under the line fields' keys; the tenant, the head and the place are added here.
 */
export function linesWrites(scope: RequestScope, store: LinesStore, save: { id: number | SQL }, rows: Values[]): BatchItem[] {
  const parentKey = columnKey(store.table, store.parent);
  const positionKey = columnKey(store.table, store.position);
  const writes: BatchItem[] = [];
  if (typeof save.id === "number") writes.push(scope.db.delete(store.table).where(and(eq(store.parent, save.id), ofTenant(store.table, scope))));
  rows.forEach((row, i) =>
    writes.push(
      scope.db.insert(store.table).values(
        withTenant(scope, {
          ...row,
          [parentKey]: save.id,
          [positionKey]: i + 1,
        }) as never
      )
    )
  );
  return writes;
}

function columnKey(table: SQLiteTable, column: SQLiteColumn): string {
  const entry = Object.entries(table).find(([, c]) => c === column);
  if (!entry) throw new Error(`column ${column.name} is not the table's`);
  return entry[0];
}

/** The side writes of a document resource's save: every lines field's rows (use as the resource's `sideWrites`). */
export function documentLinesWrites(stores: Record<string, LinesStore>) {
  return <T extends ListedTable>(scope: RequestScope, save: SaveTarget<T, Values>) => ({
    writes: Object.entries(stores).flatMap(([key, store]) => linesWrites(scope, store, save, (save.values[key] as Values[] | undefined) ?? [])),
  });
}

/**
 * The rules every document keeps, as its resource's `check`: a head no longer editable (in approval, approved) saves
 * nothing, and every reference (head or line) names one of the rows offered to this user (their tenant's, in their
 * data scope): another tenant's id, or one outside the user's scope, is refused at its field.
 */
export function documentChecks(view: ResourceView, rules: DocumentRules) {
  const form = view.form;
  return async (scope: RequestScope, values: Values, current?: Values): Promise<FieldErrors> => {
    if (current && !rules.editable(current)) return { form: "resource:document.notEditable" };
    const errors: FieldErrors = {};
    const options = await rules.options(scope);
    const offered = (key: string, v: unknown) => v === null || v === undefined || (options[key] ?? []).some((o) => o.value === String(v));
    for (const f of form) {
      if (f.type === "reference" && !offered(f.key, values[f.key])) errors[f.key] = "validation.choice";
      if (f.type !== "lines") continue;
      const rows = (values[f.key] as Values[] | undefined) ?? [];
      rows.forEach((row, i) => {
        for (const c of f.lines?.fields ?? []) if (c.type === "reference" && !offered(c.key, row[c.key])) errors[`${f.key}[${i}].${c.key}`] = "validation.choice";
      });
    }
    return errors;
  };
}

/** The form's values of a stored document: head fields and each lines field's rows, as their inputs hold them. */
async function formValuesOf(scope: RequestScope, def: DocumentDefinition<never>, row: Values): Promise<Values> {
  const form = def.resource.view.form as FormFieldDef[];
  const values: Values = {};
  const lineReads = await Promise.all(
    Object.entries(def.lines).map(async ([key, store]) => {
      const rows = (await scope.db
        .select()
        .from(store.table)
        .where(and(eq(store.parent, row.id as number), ofTenant(store.table, scope)))
        .orderBy(asc(store.position))) as Values[];
      return [key, rows] as const;
    })
  );
  const lines = new Map(lineReads);
  for (const field of form) {
    if (field.type === "lines") {
      const fields = field.lines?.fields ?? [];
      values[field.key] = (lines.get(field.key) ?? []).map((r) => Object.fromEntries(fields.map((f) => [f.key, inputText(f, r[f.key])])));
    } else values[field.key] = inputText(field, row[field.key]);
  }
  if ("attachments" in row) values.attachments = row.attachments ?? "";
  return values;
}

/** One change in a document's history: who, when, what (by the declarations' labels, both languages). */
export interface HistoryEntry {
  at: number;
  who: string;
  action: Label;
  summary: Label;
}

/** A document's last 50 audit records (of these entities, this id) in both languages' words: its 变更记录. */
export async function historyEntries(scope: RequestScope, entities: string[], id: number): Promise<HistoryEntry[]> {
  const rows = await scope.db
    .select({
      at: auditLogs.createdAt,
      action: auditLogs.action,
      entity: auditLogs.entity,
      before: auditLogs.before,
      after: auditLogs.after,
      who: users.userName,
    })
    .from(auditLogs)
    .leftJoin(users, and(eq(users.id, auditLogs.userId), sameTenant(users, auditLogs)))
    .where(and(ofTenant(auditLogs, scope), inArray(auditLogs.entity, entities), eq(auditLogs.entityId, String(id))))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(50);
  return rows.map((r) => ({
    at: r.at,
    who: r.who ?? "",
    action: actionLabel(r.entity, r.action),
    summary: summariseChange(r.entity, r.before, r.after),
  }));
}

const permitted = (scope: RequestScope, def: DocumentDefinition<never>, action: string) => scope.access.permissions.has(`${def.resource.view.permission}:${action}`);

/** The document page's data: new (`?new=1`), one document (`?id=`: edit while editable, else read-only). */
export async function documentLoader<Row extends StatefulRow & { state: number }>({ request, context }: LoaderFunctionArgs, def: DocumentDefinition<Row>) {
  const d = def as unknown as DocumentDefinition<never>;
  const view = def.resource.view;
  const scope = await requireScope(request, context, {
    screen: view.screen ?? view.path,
  });
  const url = new URL(request.url);
  const { flash, clear } = readFlash(request);
  const headers = clear ? { "Set-Cookie": clear } : undefined;
  const can = {
    add: permitted(scope, d, "add"),
    edit: permitted(scope, d, "edit"),
    export: permitted(scope, d, "export"),
  };
  const common = {
    me: scope.user.id,
    codes: def.machine ? heldCodes(def.machine.view, scope.access.permissions) : [],
    flash: flash === "saved",
    can,
  };
  if (url.searchParams.get("new") === "1") {
    if (!can.add) throw new Response("Forbidden", { status: 403 });
    // a new document starts with the rows it needs at least, blank (a blank row is no row when saved)
    const defaults = newFormValues(view.form as FormFieldDef[]);
    const options = await def.options(scope);
    return data(
      {
        ...common,
        mode: "create" as const,
        doc: null,
        values: def.newValues ? def.newValues(url, defaults, options) : defaults,
        options,
        attachments: [] as FileRef[],
        approval: null as ApprovalHistory | null,
        history: [] as HistoryEntry[],
      },
      { headers }
    );
  }
  const id = Number(url.searchParams.get("id"));
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response("Not Found", { status: 404 });
  const row = (await findRow(scope, def.resource, id)) as Values | undefined;
  if (!row) throw new Response("Not Found", { status: 404 });
  const state = Number(row.state ?? 0);
  const entities = [...new Set([view.name, def.machine?.view.kind].filter((x): x is string => Boolean(x)))];
  const [values, options, attachments, approval, history] = await Promise.all([
    formValuesOf(scope, d, row),
    def.options(scope),
    namedFiles(scope.db, scope.user.tenantId, typeof row.attachments === "string" ? row.attachments : null),
    def.approval ? historyOf(scope, def.approval, id, state) : Promise.resolve(null),
    historyEntries(scope, entities, id),
  ]);
  const editable = can.edit && def.editable(row);
  return data(
    {
      ...common,
      mode: editable ? ("edit" as const) : ("view" as const),
      // what the state badge, the buttons and their guards read of the head (its own columns, never the lines)
      doc: {
        ...def.resource.auditView(row as never),
        id,
        version: Number(row.version),
        state,
        creatorId: (row.creatorId as number | null | undefined) ?? null,
      } as Values & {
        id: number;
        version: number;
        state: number;
        creatorId: number | null;
      },
      values,
      options,
      attachments,
      approval,
      history,
    },
    { headers }
  );
}
export type DocumentLoaderData = Exclude<Awaited<ReturnType<typeof documentLoader>>, Response>["data"];

const lang = (request: Request) => readPreferences(request).lang;

/** A field's value as the page shows it: an option by its label, a flag as 是/否, money with separators. */
export function shownValue(field: FormFieldDef, text: unknown, options: Record<string, Option[]>, language: string): string {
  const value = text === null || text === undefined ? "" : String(text);
  if (field.type === "select" || field.type === "reference") {
    const fixed = field.options?.find((o) => o.value === value);
    return fixed ? labelOf(fixed.label, language) : options[field.key]?.find((o) => o.value === value)?.label ?? value;
  }
  if (field.type === "flag") return value === "1" ? labelOf({ zh: "是", en: "Yes" }, language) : labelOf({ zh: "否", en: "No" }, language);
  // the text came from inputText: read back to its stored number, it shows as the page shows it (38,000.50)
  return field.type === "money" || field.type === "percent" || field.type === "quantity" ? displayText(field, storedOf(field, value) ?? null) : value;
}

/** One document as words in a language: its head as label and value pairs, each lines table with its total row. */
export interface DocumentContent {
  /** 设备调拨单 DB-202612-0001 */
  title: string;
  /** label, value, and whether the value is money (an Excel cell then holds it as a number) */
  head: [string, string, boolean?][];
  tables: { title: string; header: string[]; numeric: boolean[]; money: boolean[]; rows: string[][]; total?: string[] }[];
}

const NUMERIC = new Set<FormFieldDef["type"]>(["money", "percent", "quantity", "number"]);

function contentOf(form: FormFieldDef[], values: Values, options: Record<string, Option[]>, title: string, language: string): DocumentContent {
  const head = form.filter((f) => f.type !== "lines" && f.type !== "location" && f.type !== "files").map((f): [string, string, boolean] => [labelOf(f.label, language), shownValue(f, values[f.key], options, language), f.type === "money"]);
  const tables = form
    .filter((f) => f.type === "lines")
    .map((f) => {
      const fields = f.lines?.fields ?? [];
      const rows = (values[f.key] as Values[]) ?? [];
      const totals = f.lines?.totals?.length ? lineTotals(fields, f.lines.totals, rows) : null;
      return {
        title: labelOf(f.label, language),
        header: fields.map((c) => labelOf(c.label, language)),
        numeric: fields.map((c) => NUMERIC.has(c.type)),
        money: fields.map((c) => c.type === "money"),
        rows: rows.map((r) => fields.map((c) => shownValue(c, r[c.key], options, language))),
        total: totals ? fields.map((c, i) => totals[c.key] ?? (i === 0 ? labelOf({ zh: "合计", en: "Total" }, language) : "")) : undefined,
      };
    });
  return { title, head, tables };
}

/**
 * One document of the user's (their tenant, their data scope) as words in the request's language, for a file made of
 * it (the Excel here, the PDF in contract-pdf): null when there is no such document. Needs the screen and `need`.
 */
export async function documentContent<Row extends StatefulRow & { state: number }>({ request, context }: LoaderFunctionArgs, document: DocumentDefinition<Row>, need?: "export"): Promise<{ scope: RequestScope; content: DocumentContent; language: Language } | null> {
  const def = document as unknown as DocumentDefinition<never>;
  const view = def.resource.view;
  const scope = await requireScope(request, context, { screen: view.screen ?? view.path, permission: need ? `${view.permission}:${need}` : undefined });
  const id = Number(new URL(request.url).searchParams.get("id"));
  const row = Number.isSafeInteger(id) && id > 0 ? ((await findRow(scope, def.resource, id)) as Values | undefined) : undefined;
  if (!row) return null;
  const [values, options] = await Promise.all([formValuesOf(scope, def, row), def.options(scope)]);
  const language = lang(request);
  return { scope, language, content: contentOf(view.form as FormFieldDef[], values, options, `${labelOf(view.singular, language)} ${String(row[view.rowLabel] ?? id)}`, language) };
}

/** GET /excel/{resource}/document?id=: one document as a workbook (needs `:export`). */
export async function documentExport<Row extends StatefulRow & { state: number }>(args: LoaderFunctionArgs, document: DocumentDefinition<Row>): Promise<Response> {
  const read = await documentContent(args, document, "export");
  if (!read) throw new Response("Not Found", { status: 404 });
  const { title, head, tables } = read.content;
  return documentWorkbook(title.replace(" ", "-"), head, tables);
}

/** Conform's answer for the page: the form's values again and the messages by field (message keys). */
function replyWith(submission: Submission<unknown, string[], unknown>, errors: FieldErrors) {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const [key, message] of Object.entries(errors)) (key === "form" ? formErrors : (fieldErrors[key] ??= [])).push(message);
  return submission.reply({ fieldErrors, formErrors });
}

/** What the page's form gets back from a save that stored nothing, or from a row button (Conform's result). */
export type DocumentActionData = { document: SubmissionResult<string[]> };

/**
 * The document's post: a row button or a save (the form, read by Conform with the fields' schema), the transitions
 * of its machine (which stay on the document) and its lists' own intents.
 */
export async function documentAction<Row extends StatefulRow & { state: number }>(
  args: ActionFunctionArgs,
  def: DocumentDefinition<Row>,
  schema: FormSchema = def.resource.createSchema as FormSchema
) {
  const view = def.resource.view;
  const path = view.path;
  const url = new URL(args.request.url);
  const id = Number(url.searchParams.get("id"));
  const here = id ? documentHref(path, id) : documentHref(path, "new");
  await requireScope(args.request, args.context, {
    screen: view.screen ?? path,
  });
  const form = await readForm(args.request);
  if (form.has("__intent__") || form.get("intent") === "save") {
    requireSafeFieldNames(form);
    const creating = !form.get("id");
    const scope = await requireScope(args.request, args.context, {
      screen: view.screen ?? path,
      permission: `${view.permission}:${creating ? "add" : "edit"}`,
    });
    const submission = parseForm(form, schema);
    // a row added, removed or moved, or a form the schema refuses: the form comes back as it now stands
    if (submission.status !== "success") return data<DocumentActionData>({ document: submission.reply() }, { status: submission.status === "error" ? 400 : 200 });
    const payload = submission.payload as Values;
    const result = creating
      ? await createRow(scope, def.resource, payload)
      : await updateRow(scope, def.resource, Number(form.get("id")), {
          ...payload,
          version: form.get("version"),
        });
    if (!result.ok && result.status === 404) throw new Response("Not Found", { status: 404 });
    if (!result.ok) return data<DocumentActionData>({ document: replyWith(submission, result.errors) }, { status: result.status });
    return redirect(documentHref(path, result.id), {
      headers: { "Set-Cookie": flashCookie("saved") },
    });
  }
  // the list's own create and update would pass by the document's form: a document is saved here only
  if (form.get("intent") === "create" || form.get("intent") === "update") throw new Response("Bad Request", { status: 400 });
  return resourceAction(args, def.resource, {
    intents: def.machine ? transitionIntents(def.machine, { done: () => here }) : {},
  });
}
