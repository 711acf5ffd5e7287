import { and, asc, count, desc, eq, fillPlaceholders, getTableColumns, inArray, ne, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { batch, batchableSelect, d1Binding, type Db } from "../../../db/client";
import { rowCounts } from "../../../db/schema";
import { takeNumber } from "~/modules/numbering/numbering.server";
import { formSchema } from "./form.server";
import { ofTenant, tenantOfOuter, withTenant, type TenantTable } from "../../../db/tenant";
import { expectChanges, isGuardFailure, isUniqueFailure } from "../../../db/guard";
import type { RequestScope } from "~/modules/access/access.server";
import { likePattern, searchText } from "~/lib/list/search";
import { INFINITE_CHUNK, type ListQuery, type ResourceView, type ViewKeys } from "~/lib/list/types";
import type { Message } from "~/i18n/keys";
import { auditRecord } from "./command.server";

/** The columns every listed table has: its id and its tenant (read-only lists, such as logs, need no more). */
export type ListedTable = SQLiteTable & TenantTable & { id: SQLiteColumn };
/** The columns every edited table has: also the version of the stale-save check (updatedAt is set when present). */
export type ResourceTable = ListedTable & { version: SQLiteColumn; updatedAt?: SQLiteColumn };

/** field → the message shown next to it (a message key, or a key with its value after "|") */
export type FieldErrors = Record<string, Message>;
type Values = Record<string, unknown>;
/** A stored row of the resource's table, as drizzle reads it. */
export type StoredRow<T extends ListedTable> = T["$inferSelect"];
/** A statement that joins a save's batch (a drizzle insert, update or delete, not yet awaited). */
export type BatchItem = PromiseLike<unknown>;

/** What a save hands to `sideWrites`: the row's id (on create an SQL subquery naming the new row), the parsed values, the row before an update. */
export interface SaveTarget<T extends ListedTable, V> {
  /** the saved row's id; on create, `(select max(id) from <table>)` evaluated inside the batch, right after the insert */
  id: number | SQL;
  values: V;
  /** the stored row an update starts from; absent on create */
  before?: StoredRow<T>;
}

/** The save's statements beyond the row, and what to do once they are stored. */
export interface SideWrites {
  /** statements in other tables (role assignment, grants, lines): they join the save's batch, after the row's write */
  writes: BatchItem[];
  /** effects outside the database (tell the hub, accessChanged): run only once the batch is stored, with the row's id */
  afterCommit?: (id: number) => Promise<unknown>;
}

/**
 * The server half of a resource: table, list query, schemas and rules. The view half is shared with the page.
 * T: the table; C and U: the values the create and update schemas answer (what `check`, `toInsert`, `toUpdate` and
 * the hooks get); Listed: a row as `selectRows` reads it; Row: a row as the list shows it (`mapRows`' answer, else Listed).
 */
export interface ResourceDefinition<
  T extends ListedTable,
  C extends Values = Values,
  U extends Values = C,
  Listed extends { id: number } = { id: number },
  Row extends { id: number } = Listed,
  S extends string = string,
  V extends ResourceView = ResourceView,
  F extends string = string,
> {
  /** the view half, declared with defineView so its keys are checked here */
  view: V;
  table: T;
  /**
   * one page of rows for the list, with any joins the columns need: a drizzle select, which listResource may prepare
   * once and run again for other pages (offset is then a placeholder)
   */
  selectRows(db: Db, where: SQL | undefined, orderBy: SQL[], limit: number | undefined, offset: number | Placeholder): PromiseLike<Listed[]>;
  /** the rows as selectRows reads them → as the list shows them (work done after the read, so the select stays one) */
  mapRows?(rows: Listed[]): Row[];
  /**
   * filter key → condition for a value (text search, select match). A pure function of the value: the list's
   * statement is prepared once per filter values (listResource), so a condition that read the clock would keep its time.
   */
  filters: { [K in F]: (value: string) => SQL | undefined };
  /** sortable column key (a field of the listed row: defineResource refuses any other) → column */
  sortColumns: { [K in S]: SQLiteColumn };
  defaultOrder: SQL[];
  /** the rows a list shows at all (a contract's revision in force, not the ones it superseded): its rows and its total */
  listedWhere?: SQL;
  /** the row_counts entity kept by triggers for this table (of its listed rows): an unfiltered list reads its total there */
  countedAs?: string;
  /**
   * a large list's page is found by ids first: the page's ids walked from the sort's index (covering: no row read),
   * then only those rows read with their joins and subqueries. SQLite reads every row an offset skips, with its
   * result's subqueries, so page 7 of a plain select read 140 rows for 20 (page 1,000: 20,000). Only for resources
   * whose filters and sort columns are their own table's (the inner select reads no join).
   */
  pageByIds?: boolean;
  /**
   * filters whose every value is also counted by triggers, as `<countedAs>.<filter>=<value>` (users by state): a
   * list filtered by one of them alone reads its total there too. Only integer values, written the way SQLite
   * writes them.
   */
  countedBy?: string[];
  /**
   * zod schemas whose messages are i18n keys (common namespace); posted forms reach them through Conform (postedValues).
   * Typed as zod's core schema: checking a schema against the classic ZodType compared its every method (~0.1 s each).
   */
  createSchema: z.core.$ZodType<C>;
  updateSchema: z.core.$ZodType<U>;
  /** fields that must be unique, within the tenant or across all tenants (login accounts) */
  unique?: { field: keyof (C & U) & string; column: SQLiteColumn; across?: "tenant" | "all"; message: Message }[];
  /**
   * a document number taken in the create's batch (app/modules/numbering): `field` gets e.g. HT-202611-0001, gap-free
   * per tenant, kind and period in the tenant's time zone
   */
  number?: { field: keyof T["$inferInsert"] & string; kind: string; prefix: string; period?: "month" | "day" | "year" };
  /** turns parsed values into a row to insert (e.g. hashes a password); tenant, version and audit are added here */
  toInsert(values: C, scope: RequestScope): Promise<InsertValues<T>> | InsertValues<T>;
  toUpdate(values: U, scope: RequestScope): Promise<Partial<InsertValues<T>>> | Partial<InsertValues<T>>;
  /** values kept in the audit record (never password hashes) */
  auditView(row: Partial<StoredRow<T>> & Values): Values;
  /** rules that need the database (a referenced row must be the tenant's own); field → message key. `current` is the row being edited (absent on create) */
  check?(scope: RequestScope, values: C | U, current?: StoredRow<T>): Promise<FieldErrors>;
  /** values for the edit form beyond the row's own columns (e.g. the assigned role) */
  editValues?(scope: RequestScope, row: StoredRow<T>): Promise<Values>;
  /** values a new row's form starts with from the data (an invoice's open bills as its fixed lines) */
  newValues?(scope: RequestScope): Promise<Values>;
  /** refuses a delete (message key) or removes rows that hang off these ids first, in the same batch */
  beforeDelete?(scope: RequestScope, ids: number[]): Promise<{ refuse: string } | { dependents: BatchItem[] }>;
  /**
   * writes that belong to the row but live in other tables (role assignment, grants, lines): returned, not run, so
   * they join the save's one batch with the row and its audit record (all stored or none). May read first.
   */
  sideWrites?(scope: RequestScope, save: SaveTarget<T, C | U>): Promise<SideWrites> | SideWrites;
  /** effects outside the database once a save is stored (tell the hub, accessChanged); never runs for a failed save */
  afterCommit?(scope: RequestScope, id: number, values: C | U): Promise<unknown>;
  /** runs once the deleted rows are gone (e.g. bumps the access version, so no cache outlives them) */
  afterDelete?(scope: RequestScope, ids: number[]): Promise<void>;
  /**
   * the exported rows' lines for the view's lines sheet (view.sheet.lines), in order: the head's rowLabel value and
   * each line field's text as the import reads it back (an option's label in the user's language)
   */
  sheetLines?(scope: RequestScope, ids: number[], lang: string): Promise<{ head: string; values: Record<string, string> }[]>;
  /**
   * the user's data scope beyond the tenant (e.g. only the vehicles they may see): applied to the list, the row
   * opened or edited and the rows deleted; a row outside it answers as if it did not exist. Uniqueness checks
   * still see every row of the tenant.
   */
  scopeWhere?(scope: RequestScope): SQL | undefined;
  /**
   * columns of the row that hold uploaded file ids (comma-separated): a file is served to whoever may read a row that
   * names it (this screen, the tenant, scopeWhere); app/modules/files/file-access.server.ts
   */
  fileColumns?: SQLiteColumn[];
}

/** A row to insert, less what the machinery adds (tenant). */
export type InsertValues<T extends ListedTable> = Omit<T["$inferInsert"], "tenantId">;

/** Any resource, for the generic machinery that only reads its declaration. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the machinery takes every resource whatever its row types
export type AnyResource = ResourceDefinition<any, any, any, any, any, any, ResourceView, any>;

/** A resource's rows as its list shows them (`mapRows`' answer, else as `selectRows` reads them): what its page's row actions get. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- only the row type is read; the others may be anything
export type RowOf<R extends AnyResource> = R extends ResourceDefinition<any, any, any, any, infer Row, any, any, any> ? Row : never;

/** The keys of a declaration that name nothing: by kind, the keys its other half does not have. */
type Strays<C, U, Row, S extends string, V extends ResourceView, F extends string> = {
  "sort keys that are not fields of the listed row": Exclude<S, keyof Row>;
  "columns that are not fields of the listed row": Exclude<ViewKeys<V, "columns">, keyof Row>;
  "form fields the schemas do not answer": Exclude<ViewKeys<V, "form">, keyof C | keyof U>;
  "filters of the view without a condition": Exclude<ViewKeys<V, "filters">, F>;
  "conditions without a filter in the view": Exclude<F, ViewKeys<V, "filters">>;
};
type NoStrays<X> = { [K in keyof X as [X[K]] extends [never] ? never : K]: X[K] } extends infer O ? { [K in keyof O]: O[K] } : never;

/**
 * A declaration whose every key names something (sort keys and columns are fields of the listed row, form fields are
 * answered by the schemas, filters have conditions and back), or else a type naming the strays, which fails `tsc`
 * where the resource is used. Checked on the answer, not the argument: a check in the argument would fix the row
 * type before `selectRows` is read.
 */
export type CheckedResource<D, C, U, Row, S extends string, V extends ResourceView, F extends string> = keyof NoStrays<Strays<C, U, Row, S, V, F>> extends never ? D : NoStrays<Strays<C, U, Row, S, V, F>>;

/**
 * Declares a resource; its types come from the table, the list's select and the schemas: a sort key that is not a
 * field of the listed row, a unique field the schemas do not answer, a hook reading a value they do not answer, or
 * an insert that misses a required column fails `tsc`.
 */
export function defineResource<
  T extends ListedTable,
  C extends Values,
  U extends Values = C,
  Listed extends { id: number } = { id: number },
  Row extends { id: number } = Listed,
  S extends string = never,
  V extends ResourceView = ResourceView,
  F extends string = never,
>(def: ResourceDefinition<T, C, U, Listed, Row, S, V, F>): CheckedResource<ResourceDefinition<T, C, U, Listed, Row, S, V, F>, C, U, Row, S, V, F> {
  return def as CheckedResource<ResourceDefinition<T, C, U, Listed, Row, S, V, F>, C, U, Row, S, V, F>;
}

/**
 * A list's select with the page's row limit, or with none (an export reads every row); it stays the select itself,
 * which `listPlan` prepares. Typed by its rows: a conditional over the select and its `.limit()` made tsc compare the
 * two drizzle select types member by member, a second or more for each resource.
 */
export function withLimit<Row>(select: PromiseLike<Row[]> & { limit(n: number): PromiseLike<Row[]> }, limit: number | undefined): PromiseLike<Row[]> {
  return limit === undefined ? select : select.limit(limit);
}

/** One page of a resource's rows with the total, tenant-scoped, in one round trip. */
export async function listResource<Row extends { id: number }>(
  scope: RequestScope,
  res: ResourceDefinition<ListedTable, any, any, any, Row>,
  q: ListQuery,
): Promise<{ rows: Row[]; total: number }> {
  // the user's data scope beyond the tenant, built once for the rows' condition and the choice of counter
  const narrowed = res.scopeWhere?.(scope);
  // no paging (size 0) still reads in chunks: the table loads the next one as the user scrolls
  const chunk = q.size > 0 ? q.size : INFINITE_CHUNK;
  const offset = (q.page - 1) * chunk;
  const d1 = narrowed ? null : d1Binding(scope.db);
  if (d1) {
    const plan = listPlan(scope, res, q, chunk);
    if (plan) {
      const [rows, totals] = await d1.batch([plan.rows.stmt.bind(...fillPlaceholders(plan.rows.getQuery().params, { offset })), plan.total.stmt.bind(...plan.total.getQuery().params)]);
      return { rows: shown(res, plan.rows.mapResult(rows, true) as unknown[]), total: (plan.total.mapResult(totals, true) as { n: number }[])[0]?.n ?? 0 };
    }
  }
  const { rowsQuery, total } = listQueries(scope, res, q, narrowed, chunk, offset);
  // one round trip for both when the rows' select can be batched (see batchableSelect), else two at once
  const [rows, totals] = batchableSelect(rowsQuery) ? await batch(scope.db, [rowsQuery as PromiseLike<unknown[]>, total]) : await Promise.all([rowsQuery, total]);
  return { rows: shown(res, rows), total: totals[0]?.n ?? 0 };
}

const shown = <Row extends { id: number }>(res: ResourceDefinition<ListedTable, any, any, any, Row>, rows: unknown[]): Row[] => (res.mapRows ? res.mapRows(rows as { id: number }[]) : (rows as Row[]));

/** A list's rows select and its total's select (exported for the test that reads their query plans). */
export function listQueries(scope: RequestScope, res: AnyResource, q: ListQuery, narrowed: SQL | undefined, chunk: number, offset: number | Placeholder) {
  const where = tenantWhere(scope, res, q, narrowed);
  const column = q.sort ? res.sortColumns[q.sort] : undefined;
  // ties broken by id in the same direction: the column's index (which ends with the rowid) then gives the whole
  // order, so SQLite walks it and skips the offset's rows, instead of sorting every row up to the page's end
  const dir = q.order === "asc" ? asc : desc;
  const orderBy = column ? [dir(column), dir(res.table.id)] : res.defaultOrder;
  const counter = narrowed ? null : countedEntity(res, q);
  // typed by its rows: a conditional over the two selects made tsc compare two drizzle select types (seconds)
  let total: PromiseLike<{ n: number }[]>;
  if (counter) total = scope.db.select({ n: rowCounts.n }).from(rowCounts).where(and(ofTenant(rowCounts, scope.user.tenantId), eq(rowCounts.entity, counter)));
  else total = scope.db.select({ n: count() }).from(res.table as SQLiteTable).where(where);
  if (!res.pageByIds) return { rowsQuery: res.selectRows(scope.db, where, orderBy, chunk, offset), total, pageQuery: null };
  const table = res.table as SQLiteTable & { id: SQLiteColumn };
  const pageQuery = scope.db.select({ id: table.id }).from(table).where(where).orderBy(...orderBy).limit(chunk).offset(offset);
  // the outer select reads the page's rows by id and orders those twenty again. It has no condition of its own: the
  // ids are the tenant's (the inner select's `where`), and a tenant condition here let SQLite walk the tenant's index
  // and test every row against the ids instead of reading twenty by id.
  return { rowsQuery: res.selectRows(scope.db, inArray(table.id, pageQuery), orderBy, chunk, 0), total, pageQuery };
}

/** What drizzle's prepared D1 statements offer (its own batch uses the same). */
interface PreparedList {
  stmt: D1PreparedStatement;
  getQuery(): { sql: string; params: unknown[] };
  mapResult(result: unknown, isFromBatch: boolean): unknown;
}
type ListPlan = { rows: PreparedList; total: PreparedList } | null;

/**
 * A list's two statements, built and prepared once per database, resource, tenant, filters, sort and page size, with
 * the page's offset as a placeholder: building them (drizzle walks every piece of the query) was a tenth of a list
 * page's server time, and a user paging or coming back to a list asks for the same statements again. Only lists
 * without a narrower data scope (its condition would belong in the key) and whose rows' select can be batched.
 */
function listPlan(scope: RequestScope, res: AnyResource, q: ListQuery, chunk: number): ListPlan {
  let byResource = listPlans.get(scope.db);
  if (!byResource) listPlans.set(scope.db, (byResource = new WeakMap()));
  let plans = byResource.get(res);
  if (!plans) byResource.set(res, (plans = new Map()));
  const key = `${scope.user.tenantId}\u0001${chunk}\u0001${q.sort ?? ""}\u0001${q.order ?? ""}\u0001${JSON.stringify(q.filters)}`;
  let plan = plans.get(key);
  if (plan === undefined) {
    const { rowsQuery, total } = listQueries(scope, res, q, undefined, chunk, sql.placeholder("offset"));
    const prepared = (query: unknown) => {
      if (typeof (query as { prepare?: unknown }).prepare === "function") return (query as { prepare(): PreparedList }).prepare();
      // not a select (selectRows ran something itself): with a placeholder for the offset it can only fail, unseen
      (query as PromiseLike<unknown>).then?.(undefined, () => undefined);
      return null;
    };
    const rows = batchableSelect(rowsQuery) ? prepared(rowsQuery) : null;
    const totals = rows ? prepared(total) : null;
    plan = rows && totals ? { rows, total: totals } : null;
    if (plans.size >= LIST_PLANS_MAX) plans.clear();
    plans.set(key, plan);
  }
  return plan;
}
const listPlans = new WeakMap<Db, WeakMap<object, Map<string, ListPlan>>>();
const LIST_PLANS_MAX = 500;

/**
 * The row_counts entity that holds this list's total, if triggers keep one: the whole table, or the table filtered by
 * one counted filter alone. The counts are the tenant's: never ask for a user whose data scope narrows the rows.
 */
function countedEntity(res: AnyResource, q: ListQuery): string | null {
  if (!res.countedAs) return null;
  const filters = Object.entries(q.filters);
  if (filters.length === 0) return res.countedAs;
  if (filters.length > 1) return null;
  const [key, value] = filters[0]!;
  if (!res.countedBy?.includes(key) || !/^(0|-?[1-9]\d{0,14})$/.test(value)) return null;
  return `${res.countedAs}.${key}=${value}`;
}

function tenantWhere(scope: RequestScope, res: AnyResource, q: ListQuery, narrowed: SQL | undefined): SQL | undefined {
  const conditions: (SQL | undefined)[] = [ofTenant(res.table, scope.user.tenantId), res.listedWhere, narrowed];
  for (const [key, value] of Object.entries(q.filters)) conditions.push(res.filters[key]?.(value));
  return and(...conditions);
}

/** One row of the caller's tenant, or undefined (another tenant's id is simply not there). */
export async function findRow<T extends ListedTable>(scope: RequestScope, res: ResourceDefinition<T, any, any, any, any>, id: number): Promise<StoredRow<T> | undefined> {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const [row] = await scope.db
    .select()
    .from(res.table as SQLiteTable)
    .where(and(eq(res.table.id, id), ofTenant(res.table, scope), res.scopeWhere?.(scope)))
    .limit(1);
  return row as StoredRow<T> | undefined;
}

export type SaveResult = { ok: true; id: number } | { ok: false; errors: FieldErrors; status: 400 | 404 | 409 };

/** Maps zod issues to the first message key per field (a line's field as `lines[0].qty`). */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map((p, i) => (typeof p === "number" ? `[${p}]` : i ? `.${String(p)}` : String(p))).join("") : "form";
    // a schema's messages are written as message keys (zod types them as text): here they become Message, once
    errors[key] ??= issue.message as Message;
  }
  return errors;
}

async function uniqueErrors(scope: RequestScope, res: AnyResource, values: Values, exceptId?: number): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  for (const u of (res.unique ?? []) as NonNullable<AnyResource["unique"]>) {
    const value = values[u.field];
    if (value === undefined || value === null || value === "") continue;
    const conditions = [eq(u.column, value)];
    if (u.across !== "all") conditions.push(ofTenant(res.table, scope));
    if (exceptId) conditions.push(ne(res.table.id, exceptId));
    const [hit] = await scope.db
      .select({ id: res.table.id })
      .from(res.table as SQLiteTable)
      .where(and(...conditions))
      .limit(1);
    if (hit) errors[u.field] = u.message;
  }
  return errors;
}

/**
 * Several checks' field errors in one, a later check's message for a field winning (as a spread would). Not a spread:
 * spreading two FieldErrors made tsc unite Message with itself, thousands of keys and their "|value" forms (~0.3 s).
 */
function mergedErrors(...parts: (FieldErrors | undefined)[]): FieldErrors {
  const all: FieldErrors = {};
  for (const part of parts) if (part) for (const [field, message] of Object.entries(part)) all[field] = message;
  return all;
}

const audit = (scope: RequestScope, entity: string, action: string, id: number | SQL, before: Values | null, after: Values | SQL | null) => auditRecord(scope, { entity, action, id, before, after });

/**
 * The id of the row a create's batch has just inserted, usable by the statements after it in the same batch: ids
 * are AUTOINCREMENT (each new row's is the table's largest) and a batch is one transaction, so no other insert
 * comes between. last_insert_rowid() would not do: the side rows' own inserts change it.
 */
const insertedId = (table: ListedTable): SQL => sql`(select max(${table.id}) from ${table})`;

/**
 * Runs a save's batch. A rule the database keeps (a unique index, or a migration 0033 trigger for "one open …") that a
 * concurrent save took first answers 409 with the rule's message: the checks before saving run again and now see the
 * winner, so the loser reads the same words as one who came second (never a 500).
 */
async function runSave(scope: RequestScope, res: AnyResource, items: BatchItem[], values: Values, current?: StoredRow<ListedTable>): Promise<unknown[] | FieldErrors> {
  try {
    return await batch(scope.db, items as [BatchItem, ...BatchItem[]]);
  } catch (error) {
    if (!isUniqueFailure(error)) throw error;
    const again = mergedErrors(await res.check?.(scope, values, current), await uniqueErrors(scope, res, values, current?.id as number | undefined));
    if (Object.keys(again).length) return again;
    throw error;
  }
}

/**
 * Validates and inserts a row with its side rows, its audit record and its document number in ONE batch (a D1
 * batch is a transaction: all stored or none); effects outside the database run after.
 */
export async function createRow<T extends ResourceTable, C extends Values>(scope: RequestScope, res: ResourceDefinition<T, C, any, any, any>, input: unknown): Promise<SaveResult> {
  const parsed = formSchema(res.createSchema).safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error), status: 400 };
  const values = parsed.data;
  const dupes = mergedErrors(await res.check?.(scope, values), await uniqueErrors(scope, res, values));
  if (Object.keys(dupes).length) return { ok: false, errors: dupes, status: 409 };
  const row: Values = withTenant(scope, await res.toInsert(values, scope));
  const id = insertedId(res.table);
  const items: BatchItem[] = [];
  let after: Values | SQL = res.auditView({ ...row, ...values } as Partial<StoredRow<T>> & Values);
  if (res.number) {
    // the counter's bump goes first; the insert and the audit record read the number it gave
    const { bump, value } = takeNumber(scope.db, scope.user.tenantId, res.number, Date.now(), scope.user.timeZone);
    const column = getTableColumns(res.table)[res.number.field]!;
    items.push(bump);
    row[res.number.field] = value;
    after = sql`json_set(${JSON.stringify({ ...after, [res.number.field]: null })}, ${`$.${res.number.field}`}, (select ${column} from ${res.table} where ${res.table.id} = ${id}))`;
  }
  const insertAt = items.push(
    scope.db
      .insert(res.table as SQLiteTable)
      .values(row as never)
      .returning({ id: res.table.id }),
  ) - 1;
  const side = await res.sideWrites?.(scope, { id, values });
  items.push(...(side?.writes ?? []), audit(scope, res.view.name, "create", id, null, after));
  const results = await runSave(scope, res, items, values);
  if (!Array.isArray(results)) return { ok: false, errors: results, status: 409 };
  const [inserted] = results[insertAt] as { id: number }[];
  await side?.afterCommit?.(inserted!.id);
  await res.afterCommit?.(scope, inserted!.id, values);
  return { ok: true, id: inserted!.id };
}

/**
 * Validates and updates a row when its version is still the one the user edited, with its side rows and its audit
 * record (before and after) in ONE batch: a row saved by someone else meanwhile, or any statement failing, stores
 * nothing.
 */
export async function updateRow<T extends ResourceTable, U extends Values>(scope: RequestScope, res: ResourceDefinition<T, any, U, any, any>, id: number, input: unknown): Promise<SaveResult> {
  const before = await findRow(scope, res, id);
  if (!before) return { ok: false, errors: { form: "resource:notFound" }, status: 404 };
  const parsed = formSchema(res.updateSchema).safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error), status: 400 };
  const values = parsed.data;
  const version = Number((input as Values | null)?.version);
  if (!Number.isInteger(version) || version !== before.version) return { ok: false, errors: { form: "resource:stale" }, status: 409 };
  const dupes = mergedErrors(await res.check?.(scope, values, before), await uniqueErrors(scope, res, values, id));
  if (Object.keys(dupes).length) return { ok: false, errors: dupes, status: 409 };
  const changes = await res.toUpdate(values, scope);
  const side = await res.sideWrites?.(scope, { id, values, before });
  let results: unknown[] | FieldErrors;
  try {
    results = await runSave(
      scope,
      res,
      [
        scope.db
          .update(res.table as SQLiteTable)
          .set({ ...changes, version: version + 1, updatedAt: Date.now() } as never)
          .where(and(eq(res.table.id, id), ofTenant(res.table, scope), eq(res.table.version, version), res.scopeWhere?.(scope))),
        // someone saved between our read and this batch: nothing of it is stored
        expectChanges(scope.db, 1),
        ...(side?.writes ?? []),
        audit(scope, res.view.name, "update", id, res.auditView(before as Partial<StoredRow<T>> & Values), res.auditView({ ...before, ...changes, ...values } as Partial<StoredRow<T>> & Values)),
      ],
      values,
      before,
    );
  } catch (error) {
    if (isGuardFailure(error)) return { ok: false, errors: { form: "resource:stale" }, status: 409 };
    throw error;
  }
  if (!Array.isArray(results)) return { ok: false, errors: results, status: 409 };
  await side?.afterCommit?.(id);
  await res.afterCommit?.(scope, id, values);
  return { ok: true, id };
}

/** Why a delete stored nothing: a rule refused it (400), or no row was left to delete, or some of them went meanwhile. */
export type DeleteRefusal = { refuse: string; status?: 404 | 409 };

/**
 * Deletes rows of the caller's tenant with their dependents and audit records in one batch; ids of other tenants are
 * ignored. Returns how many went. When none of the rows is there (never was, another tenant's, or another delete took
 * them first, even between our read and our batch) it answers 404 `resource:notFound`, so of twenty concurrent deletes
 * of one row one succeeds and the others are told it is gone; a selection of which only some went meanwhile stores
 * nothing and answers 409 `resource:stale`.
 */
export async function deleteRows<T extends ResourceTable>(scope: RequestScope, res: ResourceDefinition<T, any, any, any, any>, ids: number[]): Promise<number | DeleteRefusal> {
  const gone: DeleteRefusal = { refuse: "resource:notFound", status: 404 };
  const valid = ids.filter((id) => Number.isSafeInteger(id) && id > 0);
  if (!valid.length) return gone;
  const where = and(inArray(res.table.id, valid), ofTenant(res.table, scope), res.scopeWhere?.(scope));
  const read = async () => (await scope.db.select().from(res.table as SQLiteTable).where(where)) as (StoredRow<T> & { id: number })[];
  const before = await read();
  if (!before.length) return gone;
  const prepared = res.beforeDelete ? await res.beforeDelete(scope, before.map((r) => r.id)) : { dependents: [] };
  if ("refuse" in prepared) return prepared;
  try {
    await batch(scope.db, [
      ...prepared.dependents,
      scope.db.delete(res.table as SQLiteTable).where(where),
      // the rows read above must all still be there, or the audit would name rows this batch did not delete (and the
      // dependents' writes, such as a receipt's money given back to its bills, would be done twice)
      expectChanges(scope.db, before.length),
      ...before.map((row) => audit(scope, res.view.name, "delete", row.id, res.auditView(row as Partial<StoredRow<T>> & Values), null)),
    ] as [BatchItem, ...BatchItem[]]);
  } catch (error) {
    if (!isGuardFailure(error)) throw error;
    return (await read()).length ? { refuse: "resource:stale", status: 409 } : gone;
  }
  await res.afterDelete?.(scope, before.map((r) => r.id));
  return before.length;
}

/**
 * The write half of a read-only resource (a log): every save is refused with resource:readOnly. The view's
 * `readOnly` already keeps the action from calling these; this makes the definition refuse on its own too.
 */
export const refusedWrites = {
  createSchema: z.custom<Values>(() => false, "resource:readOnly"),
  updateSchema: z.custom<Values>(() => false, "resource:readOnly"),
  toInsert: (): never => {
    throw new Error("read-only resource");
  },
  toUpdate: (): never => {
    throw new Error("read-only resource");
  },
};

/**
 * A text-search condition: the column contains the search (cleaned by searchText), its `\`, `%` and `_` taken
 * literally. A search whose LIKE pattern would pass SQLite's length limit is matched by instr over lower-cased
 * text instead: the same ASCII-only case folding as LIKE, and no limit.
 */
export function containing(column: SQLiteColumn | SQL, value: string): SQL {
  const text = searchText(value);
  const pattern = likePattern(text);
  return pattern ? sql`${column} like ${pattern} escape '\\'` : sql`instr(lower(${column}), lower(${text})) > 0`;
}

/**
 * A text search on the row a key refers to (a contract's customer by name): that row looked up by its id, one lookup a
 * listed row, in the outer row's tenant, and one of its columns contains the search. (`key in (select id … where name
 * like …)` written instead is a correlated subquery that SQLite reads again, whole, for every listed row.)
 */
export function referenceContaining(key: SQLiteColumn, table: TenantTable & { id: SQLiteColumn }, outer: TenantTable, value: string, ...columns: SQLiteColumn[]): SQL {
  return sql`exists (select 1 from ${table} where ${table.id} = ${key} and ${tenantOfOuter(table, outer)} and (${or(...columns.map((c) => containing(c, value)))}))`;
}

/** Reads the posted ids of a batch action ("ids" repeated or comma-separated). */
export function postedIds(form: FormData): number[] {
  return form
    .getAll("ids")
    .flatMap((v) => String(v).split(","))
    .map((v) => Number(v.trim()))
    .filter((n) => Number.isSafeInteger(n) && n > 0);
}

/**
 * A resource over one table with no joins: list columns straight from the table, a text filter over some
 * columns (LIKE, escaped), equality filters for selects, sorting by the named columns. Most settings lists
 * need nothing more.
 */
export function tableResource<T extends ResourceTable, Cols extends Record<string, SQLiteColumn>, C extends Values, V extends ResourceView, S extends keyof Cols & string = never, E extends string = never>(def: {
  view: V;
  table: T;
  columns: Cols;
  search: SQLiteColumn[];
  equals?: { [K in E]: { column: SQLiteColumn; parse?: (v: string) => unknown } };
  /** sortable columns, by a key of `columns` */
  sort: { [K in S]: SQLiteColumn };
  /** what the form posts: its answer is the row's own columns (the insert and the update write it as it is) */
  schema: z.core.$ZodType<C & Partial<InsertValues<T>>>;
  unique?: { field: keyof C & string; column: SQLiteColumn; across?: "tenant" | "all"; message: Message }[];
  countedAs?: string;
}) {
  const { table } = def;
  type Listed = { id: number; version: number } & { [K in keyof Cols]: Cols[K]["_"]["data"] };
  return defineResource({
    view: def.view,
    table,
    selectRows: (db, where, orderBy, limit, offset) => {
      const q = db
        .select({ id: table.id, version: table.version, ...def.columns })
        .from(table as SQLiteTable)
        .where(where)
        .orderBy(...orderBy)
        .offset(offset);
      return withLimit(q, limit) as PromiseLike<Listed[]>;
    },
    filters: {
      q: (v: string) => or(...def.search.map((c) => containing(c, v))),
      ...(Object.fromEntries(Object.entries<{ column: SQLiteColumn; parse?: (v: string) => unknown }>(def.equals ?? ({} as Record<E, never>)).map(([k, e]) => [k, (v: string) => eq(e.column, e.parse ? e.parse(v) : v)])) as {
        [K in E]: (v: string) => SQL;
      }),
    },
    sortColumns: def.sort as { [K in S & keyof Listed]: SQLiteColumn },
    defaultOrder: [desc(table.id)],
    countedAs: def.countedAs,
    createSchema: def.schema,
    updateSchema: def.schema,
    unique: def.unique,
    // the schema answers the row's own columns; whether every required one is there is the schema's promise
    toInsert: (values) => values as InsertValues<T>,
    toUpdate: (values) => values,
    auditView: (row) => row,
  });
}
