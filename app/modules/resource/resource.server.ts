import { and, asc, count, desc, eq, fillPlaceholders, inArray, ne, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { batch, batchableSelect, d1Binding, type Db } from "../../../db/client";
import { auditLogs, rowCounts } from "../../../db/schema";
import { ofTenant } from "../../../db/tenant";
import type { RequestScope } from "~/modules/access/access.server";
import { likePattern, searchText } from "./search";
import { INFINITE_CHUNK, type ListQuery, type ResourceView } from "./types";

/** The columns every listed table has: its id and its tenant (read-only lists, such as logs, need no more). */
export type ListedTable = SQLiteTable & { id: SQLiteColumn; tenantId: SQLiteColumn };
/** The columns every edited table has: also the version of the stale-save check (updatedAt is set when present). */
export type ResourceTable = ListedTable & { version: SQLiteColumn; updatedAt?: SQLiteColumn };

export type FieldErrors = Record<string, string>;
type Values = Record<string, unknown>;

/** The server half of a resource: table, list query, schemas and rules. The view half is shared with the page. */
export interface ResourceDefinition<T extends ListedTable, Row extends { id: number }> {
  view: ResourceView;
  table: T;
  /**
   * one page of rows for the list, with any joins the columns need: a drizzle select, which listResource may prepare
   * once and run again for other pages (offset is then a placeholder)
   */
  selectRows(db: Db, where: SQL | undefined, orderBy: SQL[], limit: number | undefined, offset: number | Placeholder): PromiseLike<any[]>;
  /** the rows as selectRows reads them → as the list shows them (work done after the read, so the select stays one) */
  mapRows?(rows: any[]): Row[];
  /**
   * filter key → condition for a value (text search, select match). A pure function of the value: the list's
   * statement is prepared once per filter values (listResource), so a condition that read the clock would keep its time.
   */
  filters: Record<string, (value: string) => SQL | undefined>;
  /** sortable column key → column */
  sortColumns: Record<string, SQLiteColumn>;
  defaultOrder: SQL[];
  /** the row_counts entity kept by triggers for this table: an unfiltered list reads its total there */
  countedAs?: string;
  /**
   * filters whose every value is also counted by triggers, as `<countedAs>.<filter>=<value>` (users by state): a
   * list filtered by one of them alone reads its total there too. Only integer values, written the way SQLite
   * writes them.
   */
  countedBy?: string[];
  /** zod schemas whose messages are i18n keys (common namespace) */
  createSchema: z.ZodType<Values>;
  updateSchema: z.ZodType<Values>;
  /** fields that must be unique, within the tenant or across all tenants (login accounts) */
  unique?: { field: string; column: SQLiteColumn; across?: "tenant" | "all"; message: string }[];
  /** turns parsed values into a row to insert (e.g. hashes a password); tenant, version and audit are added here */
  toInsert(values: Values, scope: RequestScope): Promise<Values> | Values;
  toUpdate(values: Values, scope: RequestScope): Promise<Values> | Values;
  /** values kept in the audit record (never password hashes) */
  auditView(row: Values): Values;
  /** rules that need the database (a referenced row must be the tenant's own); field → message key. `current` is the row being edited (absent on create) */
  check?(scope: RequestScope, values: Values, current?: Values): Promise<FieldErrors>;
  /** values for the edit form beyond the row's own columns (e.g. the assigned role) */
  editValues?(scope: RequestScope, row: Values): Promise<Values>;
  /** refuses a delete (message key) or removes rows that hang off these ids first, in the same batch */
  beforeDelete?(scope: RequestScope, ids: number[]): Promise<{ refuse: string } | { dependents: PromiseLike<unknown>[] }>;
  /** writes that belong to the row but live in other tables (e.g. role assignments) */
  afterSave?(scope: RequestScope, id: number, values: Values): Promise<void>;
  /** runs once the deleted rows are gone (e.g. bumps the access version, so no cache outlives them) */
  afterDelete?(scope: RequestScope, ids: number[]): Promise<void>;
  /**
   * the user's data scope beyond the tenant (e.g. only the vehicles they may see): applied to the list, the row
   * opened or edited and the rows deleted; a row outside it answers as if it did not exist. Uniqueness checks
   * still see every row of the tenant.
   */
  scopeWhere?(scope: RequestScope): SQL | undefined;
}

export function defineResource<T extends ListedTable, Row extends { id: number }>(def: ResourceDefinition<T, Row>) {
  return def;
}

/** One page of a resource's rows with the total, tenant-scoped, in one round trip. */
export async function listResource<T extends ListedTable, Row extends { id: number }>(
  scope: RequestScope,
  res: ResourceDefinition<T, Row>,
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

const shown = <Row extends { id: number }>(res: ResourceDefinition<any, Row>, rows: unknown[]): Row[] => (res.mapRows ? res.mapRows(rows) : (rows as Row[]));

/** A list's rows select and its total's select. */
function listQueries<T extends ListedTable, Row extends { id: number }>(scope: RequestScope, res: ResourceDefinition<T, Row>, q: ListQuery, narrowed: SQL | undefined, chunk: number, offset: number | Placeholder) {
  const where = tenantWhere(scope, res, q, narrowed);
  const column = q.sort ? res.sortColumns[q.sort] : undefined;
  // ties broken by id in the same direction: the column's index (which ends with the rowid) then gives the whole
  // order, so SQLite walks it and skips the offset's rows, instead of sorting every row up to the page's end
  const dir = q.order === "asc" ? asc : desc;
  const orderBy = column ? [dir(column), dir(res.table.id)] : res.defaultOrder;
  const counter = narrowed ? null : countedEntity(res, q);
  const total = counter
    ? scope.db
        .select({ n: rowCounts.n })
        .from(rowCounts)
        .where(and(ofTenant(rowCounts, scope.user.tenantId), eq(rowCounts.entity, counter)))
    : scope.db.select({ n: count() }).from(res.table as SQLiteTable).where(where);
  return { rowsQuery: res.selectRows(scope.db, where, orderBy, chunk, offset), total };
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
function listPlan<T extends ListedTable, Row extends { id: number }>(scope: RequestScope, res: ResourceDefinition<T, Row>, q: ListQuery, chunk: number): ListPlan {
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
function countedEntity(res: ResourceDefinition<any, any>, q: ListQuery): string | null {
  if (!res.countedAs) return null;
  const filters = Object.entries(q.filters);
  if (filters.length === 0) return res.countedAs;
  if (filters.length > 1) return null;
  const [key, value] = filters[0]!;
  if (!res.countedBy?.includes(key) || !/^(0|-?[1-9]\d{0,14})$/.test(value)) return null;
  return `${res.countedAs}.${key}=${value}`;
}

function tenantWhere<T extends ListedTable>(scope: RequestScope, res: ResourceDefinition<T, never> | ResourceDefinition<T, any>, q: ListQuery, narrowed: SQL | undefined): SQL | undefined {
  const conditions: (SQL | undefined)[] = [ofTenant(res.table, scope.user.tenantId), narrowed];
  for (const [key, value] of Object.entries(q.filters)) conditions.push(res.filters[key]?.(value));
  return and(...conditions);
}

/** One row of the caller's tenant, or undefined (another tenant's id is simply not there). */
export async function findRow<T extends ListedTable>(scope: RequestScope, res: ResourceDefinition<T, any>, id: number): Promise<Values | undefined> {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const [row] = await scope.db
    .select()
    .from(res.table as SQLiteTable)
    .where(and(eq(res.table.id, id), ofTenant(res.table, scope.user.tenantId), res.scopeWhere?.(scope)))
    .limit(1);
  return row as Values | undefined;
}

export type SaveResult = { ok: true; id: number } | { ok: false; errors: FieldErrors; status: 400 | 404 | 409 };

/** Maps zod issues to the first message key per field. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}

async function uniqueErrors<T extends ListedTable>(scope: RequestScope, res: ResourceDefinition<T, any>, values: Values, exceptId?: number): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  for (const u of res.unique ?? []) {
    const value = values[u.field];
    if (value === undefined || value === null || value === "") continue;
    const conditions = [eq(u.column, value)];
    if (u.across !== "all") conditions.push(ofTenant(res.table, scope.user.tenantId));
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

const audit = (scope: RequestScope, entity: string, action: string, entityId: number | string, before: Values | null, after: Values | null) =>
  scope.db.insert(auditLogs).values({ tenantId: scope.user.tenantId, userId: scope.user.id, action, entity, entityId: String(entityId), before, after });

/** Validates and inserts a row with its audit record. */
export async function createRow<T extends ResourceTable>(scope: RequestScope, res: ResourceDefinition<T, any>, input: Values): Promise<SaveResult> {
  const parsed = res.createSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error), status: 400 };
  const dupes = { ...(await res.check?.(scope, parsed.data)), ...(await uniqueErrors(scope, res, parsed.data)) };
  if (Object.keys(dupes).length) return { ok: false, errors: dupes, status: 409 };
  const row = { ...(await res.toInsert(parsed.data, scope)), tenantId: scope.user.tenantId };
  let inserted: { id: number } | undefined;
  try {
    [inserted] = (await scope.db
      .insert(res.table as SQLiteTable)
      .values(row as never)
      .returning({ id: res.table.id })) as { id: number }[];
  } catch (error) {
    // a concurrent save took the same unique value between the check and the insert
    const again = await uniqueErrors(scope, res, parsed.data);
    if (Object.keys(again).length) return { ok: false, errors: again, status: 409 };
    throw error;
  }
  await res.afterSave?.(scope, inserted!.id, parsed.data);
  await audit(scope, res.view.name, "create", inserted!.id, null, res.auditView({ ...row, ...parsed.data }));
  return { ok: true, id: inserted!.id };
}

/** Validates and updates a row when its version is still the one the user edited; records before and after. */
export async function updateRow<T extends ResourceTable>(scope: RequestScope, res: ResourceDefinition<T, any>, id: number, input: Values): Promise<SaveResult> {
  const before = await findRow(scope, res, id);
  if (!before) return { ok: false, errors: { form: "resource:notFound" }, status: 404 };
  const parsed = res.updateSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error), status: 400 };
  const version = Number(input.version);
  if (!Number.isInteger(version) || version !== before.version) return { ok: false, errors: { form: "resource:stale" }, status: 409 };
  const dupes = { ...(await res.check?.(scope, parsed.data, before)), ...(await uniqueErrors(scope, res, parsed.data, id)) };
  if (Object.keys(dupes).length) return { ok: false, errors: dupes, status: 409 };
  const changes = await res.toUpdate(parsed.data, scope);
  const updated = await scope.db
    .update(res.table as SQLiteTable)
    .set({ ...changes, version: version + 1, updatedAt: Date.now() } as never)
    .where(and(eq(res.table.id, id), ofTenant(res.table, scope.user.tenantId), eq(res.table.version, version), res.scopeWhere?.(scope)))
    .returning({ id: res.table.id });
  // someone saved between our read and our write
  if (updated.length === 0) return { ok: false, errors: { form: "resource:stale" }, status: 409 };
  await res.afterSave?.(scope, id, parsed.data);
  await audit(scope, res.view.name, "update", id, res.auditView(before), res.auditView({ ...before, ...changes, ...parsed.data }));
  return { ok: true, id };
}

/** Deletes rows of the caller's tenant; ids of other tenants are ignored. Returns how many went. */
export async function deleteRows<T extends ResourceTable>(scope: RequestScope, res: ResourceDefinition<T, any>, ids: number[]): Promise<number | { refuse: string }> {
  const valid = ids.filter((id) => Number.isSafeInteger(id) && id > 0);
  if (!valid.length) return 0;
  const where = and(inArray(res.table.id, valid), ofTenant(res.table, scope.user.tenantId), res.scopeWhere?.(scope));
  const before = (await scope.db
    .select()
    .from(res.table as SQLiteTable)
    .where(where)) as Values[];
  if (!before.length) return 0;
  const prepared = res.beforeDelete ? await res.beforeDelete(scope, before.map((r) => Number(r.id))) : { dependents: [] };
  if ("refuse" in prepared) return prepared;
  await batch(scope.db, [
    ...prepared.dependents,
    scope.db.delete(res.table as SQLiteTable).where(where),
    ...before.map((row) => audit(scope, res.view.name, "delete", Number(row.id), res.auditView(row), null)),
  ] as [PromiseLike<unknown>, ...PromiseLike<unknown>[]]);
  await res.afterDelete?.(scope, before.map((r) => Number(r.id)));
  return before.length;
}

/**
 * The write half of a read-only resource (a log): every save is refused with resource:readOnly. The view's
 * `readOnly` already keeps the action from calling these; this makes the definition refuse on its own too.
 */
export const refusedWrites = {
  createSchema: z.custom<Values>(() => false, "resource:readOnly"),
  updateSchema: z.custom<Values>(() => false, "resource:readOnly"),
  toInsert: (): Values => {
    throw new Error("read-only resource");
  },
  toUpdate: (): Values => {
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
export function tableResource<T extends ResourceTable>(def: {
  view: ResourceView;
  table: T;
  columns: Record<string, SQLiteColumn>;
  search: SQLiteColumn[];
  equals?: Record<string, { column: SQLiteColumn; parse?: (v: string) => unknown }>;
  sort: Record<string, SQLiteColumn>;
  schema: z.ZodType<Values>;
  unique?: ResourceDefinition<T, any>["unique"];
  countedAs?: string;
}) {
  const { table } = def;
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
      return (limit === undefined ? q : q.limit(limit)) as Promise<{ id: number; version: number }[]>;
    },
    filters: {
      q: (v) => or(...def.search.map((c) => containing(c, v))),
      ...Object.fromEntries(Object.entries(def.equals ?? {}).map(([k, e]) => [k, (v: string) => eq(e.column, e.parse ? e.parse(v) : v)])),
    },
    sortColumns: def.sort,
    defaultOrder: [desc(table.id)],
    countedAs: def.countedAs,
    createSchema: def.schema,
    updateSchema: def.schema,
    unique: def.unique,
    toInsert: (values) => values,
    toUpdate: (values) => values,
    auditView: (row) => row,
  });
}
