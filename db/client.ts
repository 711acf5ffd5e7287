import { createClient } from "@libsql/client/web";
import { Column, getTableName, is, sql, SQL } from "drizzle-orm";
import { drizzle as drizzleD1 } from "drizzle-orm/d1";
import { drizzle as drizzleLibsql } from "drizzle-orm/libsql/web";
import type { BaseSQLiteDatabase, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "./schema";

/**
 * The one database type every query helper takes: D1 and libSQL both satisfy it. Typed without the schema: no code
 * uses drizzle's relational queries (`db.query`), and their types over every table cost tsc seconds each time a
 * database was compared with this one.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- D1 and libSQL answer a run with different result types
export type Db = BaseSQLiteDatabase<"async", any>;

export interface DbEnv {
  DB: D1Database;
  LIBSQL_URL?: string;
  LIBSQL_AUTH_TOKEN?: string;
}

const libsqlCache = new Map<string, Db>();
// drizzle() walks the whole schema to build its relational config; once per binding, not once per request
const d1Cache = new WeakMap<D1Database, Db>();

/** The D1 binding by default; libSQL through @libsql/client when LIBSQL_URL is set. */
export function getDb(env: DbEnv): Db {
  if (env.LIBSQL_URL) {
    let db = libsqlCache.get(env.LIBSQL_URL);
    if (!db) {
      db = drizzleLibsql(createClient({ url: env.LIBSQL_URL, authToken: env.LIBSQL_AUTH_TOKEN }), { schema }) as unknown as Db;
      libsqlCache.set(env.LIBSQL_URL, db);
    }
    return db;
  }
  let db = d1Cache.get(env.DB);
  if (!db) {
    db = drizzleD1(env.DB, { schema }) as unknown as Db;
    d1Cache.set(env.DB, db);
    d1Of.set(db, env.DB);
  }
  return db;
}

const d1Of = new WeakMap<Db, D1Database>();

/** The D1 binding behind a database from getDb, or null for libSQL. */
export function d1Binding(db: Db): D1Database | null {
  return d1Of.get(db) ?? null;
}

export { schema };

/**
 * A table declared under its alias (drizzle's `alias(table, name)`) in a raw statement: `"customers" "scu"`. An alias
 * interpolated alone renders only its name, which a `from` or `join` cannot read.
 */
export function declaredAs(table: SQLiteTable, aliased: SQLiteTable): SQL {
  return sql`${table} ${sql.identifier(getTableName(aliased))}`;
}

type Query = PromiseLike<unknown>;

/**
 * Several statements in one round trip to the database (D1 and libSQL both batch), results in order.
 * Each round trip to D1 costs milliseconds; a request should make as few as it can.
 */
export async function batch<const T extends readonly [Query, ...Query[]]>(db: Db, queries: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const batching = db as unknown as { batch?: (q: T) => Promise<unknown[]> };
  const results = batching.batch ? await batching.batch(queries) : await Promise.all(queries);
  return results as { -readonly [K in keyof T]: Awaited<T[K]> };
}

/**
 * Whether a drizzle select may join a D1 batch: D1 answers a batched statement's rows as objects, so two result
 * columns of the same name (a join's `name` and `name`) collapse into one and drizzle reads the wrong values. Only a
 * select whose result columns have distinct names qualifies (a column's name, an alias; an unaliased SQL expression is
 * named by its own text). Anything else, or what is not a drizzle select, runs on its own.
 */
export function batchableSelect(query: unknown): boolean {
  const fields = (query as { config?: { fields?: unknown } } | null)?.config?.fields;
  if (!fields || typeof fields !== "object") return false;
  const names = new Set<string>();
  const distinct = (node: object): boolean => {
    for (const value of Object.values(node)) {
      let name: string | null = null;
      if (is(value, Column)) name = value.name;
      else if (is(value, SQL.Aliased)) name = value.fieldAlias;
      else if (is(value, SQL)) continue;
      else if (value && typeof value === "object") {
        if (!distinct(value)) return false;
        continue;
      } else return false;
      if (names.has(name)) return false;
      names.add(name);
    }
    return true;
  };
  return distinct(fields);
}

/** Rows an INSERT, UPDATE or DELETE changed, from D1's result (`meta.changes`) or libSQL's (`rowsAffected`). */
export function changedRows(result: unknown): number {
  const r = result as { meta?: { changes?: number }; rowsAffected?: number } | null;
  return r?.meta?.changes ?? r?.rowsAffected ?? 0;
}

/** A list of ids as one bound JSON parameter, for `column in ${idList(ids)}`: D1 binds at most 100 parameters, so a list
 * that can grow with the data never goes in as one parameter per id. */
export const idList = (ids: readonly number[]) => sql`(select value from json_each(${JSON.stringify(ids)}))`;
