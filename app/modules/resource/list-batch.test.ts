// Which list selects may share a D1 batch with their count (db/client.ts batchableSelect): D1 answers batched rows as
// objects, so a select with two result columns of one name must run on its own.
import { createClient } from "@libsql/client";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { describe, expect, it } from "vitest";
import { batchableSelect, type Db } from "../../../db/client";
import * as schema from "../../../db/schema";
import { menuResource } from "~/modules/system/menu.server";
import { userResource } from "~/modules/system/user.server";

const db = drizzle(createClient({ url: ":memory:" })) as unknown as Db;

describe("batchableSelect", () => {
  it("takes a list select whose columns have distinct names (the users list, with its organisation and role)", () => {
    expect(batchableSelect(userResource.selectRows(db, undefined, [], 20, 0))).toBe(true);
    expect(batchableSelect(db.select({ id: schema.users.id, n: sql<number>`count(*)`.as("n") }).from(schema.users))).toBe(true);
  });
  it("refuses a join that names two columns alike (the menu list: its name and its parent's name)", () => {
    expect(batchableSelect(menuResource.selectRows(db, undefined, [], 20, 0))).toBe(false);
    expect(batchableSelect(db.select().from(schema.users).innerJoin(schema.organisations, sql`1`))).toBe(false);
    expect(batchableSelect(db.select({ a: sql<number>`1`.as("x"), b: sql<number>`2`.as("x") }).from(schema.users))).toBe(false);
  });
  it("refuses what is not a drizzle select", () => {
    expect(batchableSelect(Promise.resolve([]))).toBe(false);
    expect(batchableSelect(null)).toBe(false);
  });
});
