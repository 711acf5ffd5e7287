// Keeps the tenant condition in one place: a query of app/ or workers/ (or a rule of db/rules/) that writes its own
// tenant condition — eq(x.tenantId, …), a raw `tenant_id = …` — fails here with its file and line. Use ofTenant,
// tenantWhere or sameTenant from db/tenant.ts instead (aliases for raw SQL subqueries: alias(vehicles, "v")).
import { and, eq } from "drizzle-orm";
import { alias, SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { scanSources } from "./source-scan";
import { alarms, users, vehicles } from "./schema";
import { ofTenant, sameTenant, tenantWhere, withTenant } from "./tenant";

const SCANNED = ["app", "workers", "db/rules"];

const PATTERNS: [RegExp, string][] = [
  [/\b(?:eq|ne)\(\s*[\w.$]+\.tenantId\s*,/g, "eq(x.tenantId, …)"],
  // the other way round; tenants.id against a user's tenant is a lookup of the tenant row, not a tenant condition
  [/\b(?:eq|ne)\(\s*(?!tenants(?:Table)?\.id\b)[\w.$]+\s*,\s*[\w.$]*tenantId\s*\)/g, "eq(…, x.tenantId)"],
  [/\binArray\(\s*[\w.$]+\.tenantId\b/g, "inArray(x.tenantId, …)"],
  [/\$\{\s*[\w.$]+\.tenantId\s*\}\s*(?:=|\bin\b)/gi, "sql`${x.tenantId} = …`"],
  [/\btenant_id"?\s*(?:=|\bin\b|\bis\b)/gi, "raw tenant_id condition"],
  [/=\s*(?:"?\w+"?\.)?"?tenant_id\b/gi, "raw tenant_id condition"],
];

/** Each hand-written tenant condition of a source text, as `line: what: text`. */
export function handWrittenTenantConditions(source: string): string[] {
  const found = new Map<number, string>(); // by position: one condition caught by two patterns counts once
  for (const [pattern, what] of PATTERNS) {
    for (const m of source.matchAll(pattern)) if (!found.has(m.index)) found.set(m.index, `${source.slice(0, m.index).split("\n").length}: ${what}: ${m[0]}`);
  }
  return [...found].sort(([a], [b]) => a - b).map(([, text]) => text);
}

/**
 * Each insert whose values are an object written with its own `tenantId`, as `line: insert: text`: an insert takes its
 * tenant through withTenant(ref, values). The outbox is the one table whose tenant may be empty (a platform message).
 */
export function handWrittenTenantInserts(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/\.insert\(\s*(\w+)\s*\)\s*\.values\(\s*(?=[[{])/g)) {
    if (m[1] === "outbox") continue;
    // the values' own text: up to the bracket that closes .values(
    let depth = 1;
    let end = m.index + m[0].length;
    for (; end < source.length && depth; end++) depth += source[end] === "(" ? 1 : source[end] === ")" ? -1 : 0;
    const values = source.slice(m.index + m[0].length, end - 1);
    if (/\btenantId\b/.test(values) && !values.includes("withTenant(")) found.push(`${source.slice(0, m.index).split("\n").length}: insert: ${m[0]}`);
  }
  return found;
}

describe("the tenant helpers", () => {
  const dialect = new SQLiteSyncDialect();
  const render = (q: Parameters<SQLiteSyncDialect["sqlToQuery"]>[0]) => {
    const { sql, params } = dialect.sqlToQuery(q);
    return { sql, params };
  };

  it("write the SQL the hand-written conditions wrote, so statements and indexes stay as they were", () => {
    const scope = { user: { tenantId: 7 } };
    expect(render(ofTenant(users, scope))).toEqual(render(eq(users.tenantId, 7)));
    expect(render(ofTenant(users, 7))).toEqual({ sql: '"users"."tenant_id" = ?', params: [7] });
    expect(render(tenantWhere(vehicles, { tenantId: 7 }, eq(vehicles.id, 3)))).toEqual(render(and(eq(vehicles.tenantId, 7), eq(vehicles.id, 3))!));
    expect(render(sameTenant(vehicles, alarms))).toEqual({ sql: '"vehicles"."tenant_id" = "alarms"."tenant_id"', params: [] });
    expect(render(ofTenant(alias(vehicles, "v"), 7)).sql).toBe('"v"."tenant_id" = ?');
  });

  it("set an insert's tenant from the scope, whatever the values carried", () => {
    expect(withTenant({ user: { tenantId: 7 } }, { name: "x", tenantId: 8 })).toEqual({ name: "x", tenantId: 7 });
  });
});

describe("the tenant condition is written once (db/tenant.ts)", () => {
  it("no source of app/, workers/ or db/rules/ writes its own", () => {
    const found = scanSources(SCANNED, handWrittenTenantConditions).stray;
    expect(found, "use ofTenant / tenantWhere / sameTenant from db/tenant.ts").toEqual([]);
  });

  it("no insert of app/, workers/ or db/rules/ sets its own tenant (withTenant does)", () => {
    const found = scanSources(SCANNED, handWrittenTenantInserts).stray;
    expect(found, "insert values through withTenant(ref, values) from db/tenant.ts").toEqual([]);
  });

  it("the check sees the forms a new screen would copy", () => {
    const caught = (s: string) => handWrittenTenantConditions(s).length;
    expect(caught("db.select().from(contracts).where(and(eq(contracts.tenantId, scope.user.tenantId), eq(contracts.id, id)))")).toBe(1);
    expect(caught("and(eq(contracts.id, id),\n  eq(\n    contracts.tenantId,\n    tenantId))")).toBe(1);
    expect(caught(".where(eq(scope.user.tenantId, contracts.tenantId))")).toBe(1);
    expect(caught("inArray(bills.tenantId, ids)")).toBe(1);
    expect(caught("sql`${bills.tenantId} = ${t}`")).toBe(1);
    expect(caught("sql`select id from bills b where b.tenant_id = ${t}`")).toBe(1);
    expect(caught('sql`select 1 from "bills" where "bills"."tenant_id" = ${t}`')).toBe(1);
    expect(caught("sql`where ${t} = b.tenant_id`")).toBe(1);
    // what the helper writes, and looking up the tenant row itself, pass
    expect(caught("and(ofTenant(contracts, scope), eq(contracts.id, id))")).toBe(0);
    expect(caught("tenantWhere(bills, scope, eq(bills.id, id))")).toBe(0);
    expect(caught("db.select().from(tenants).where(eq(tenants.id, user.tenantId))")).toBe(0);
    expect(caught("values(withTenant(scope, { name }))")).toBe(0);
    const inserts = (src: string) => handWrittenTenantInserts(src).length;
    expect(inserts("db.insert(bills).values({ tenantId, contractId, amount })")).toBe(1);
    expect(inserts("db.insert(bills).values([{ tenantId: scope.user.tenantId, amount }])")).toBe(1);
    expect(inserts("db\n  .insert(bills)\n  .values({\n    amount,\n    tenantId: t,\n  })")).toBe(1);
    expect(inserts("db.insert(bills).values(withTenant(scope, { contractId, amount }))")).toBe(0);
    expect(inserts("db.insert(bills).values(rows)")).toBe(0);
  });
});
