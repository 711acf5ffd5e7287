import { sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { beforeAll, describe, expect, it } from "vitest";
import { batch } from "../../db/client";
import { documentNumbers, tenants } from "../../db/schema";
import { numberedInsert, previewNumber, takeNumber, type NumberingKind } from "../../app/modules/numbering/numbering.server";
import { db, unique } from "./helpers";

// a document table of the test's own: a number unique per tenant, a title that must be given
const testDocuments = sqliteTable("test_numbered_documents", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  tenantId: integer("tenant_id").notNull(),
  number: text("number").notNull(),
  title: text("title").notNull(),
});

const CONTRACT: NumberingKind = { kind: "contract", prefix: "HT" };
const SHANGHAI = "Asia/Shanghai";
const NOV_2026 = Date.parse("2026-11-15T04:00:00Z");

async function newTenant(timeZone = SHANGHAI) {
  const [row] = await db().insert(tenants).values({ code: unique("num"), name: unique("Numbering "), timeZone }).returning({ id: tenants.id });
  return row!.id;
}

/** One save: the counter and the document in one batch, as the resource save does it. */
function save(tenantId: number, title: string | null, at = NOV_2026, kind = CONTRACT, timeZone = SHANGHAI) {
  const { bump, value } = takeNumber(db(), tenantId, kind, at, timeZone);
  return batch(db(), [bump, db().insert(testDocuments).values({ tenantId, number: value, title: title as string }).returning({ number: testDocuments.number })]);
}

const numbersOf = async (tenantId: number) =>
  (await db().select({ number: testDocuments.number }).from(testDocuments).where(sql`${testDocuments.tenantId} = ${tenantId}`)).map((r) => r.number).sort();

const sequence = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${String(i + 1).padStart(4, "0")}`);

beforeAll(async () => {
  await db().run(
    sql`create table if not exists test_numbered_documents (id integer primary key autoincrement, tenant_id integer not null, number text not null, title text not null, unique (tenant_id, number))`,
  );
  await db().run(sql`create unique index if not exists test_numbered_documents_title_uq on test_numbered_documents (tenant_id, title)`);
});

describe("document numbers", () => {
  it("gives 40 concurrent saves distinct, consecutive numbers with no gap", async () => {
    const tenantId = await newTenant();
    const saved = await Promise.all(Array.from({ length: 40 }, (_, i) => save(tenantId, `doc ${i}`)));
    const returned = saved.map(([, rows]) => rows[0]!.number).sort();
    expect(returned).toEqual(sequence("HT-202611-", 40));
    expect(await numbersOf(tenantId)).toEqual(sequence("HT-202611-", 40));
    expect(await previewNumber(db(), tenantId, CONTRACT, NOV_2026, SHANGHAI)).toBe("HT-202611-0041");
  });

  it("gives the number of a failed save back: a NOT NULL or a unique violation after the bump takes none", async () => {
    const tenantId = await newTenant();
    await save(tenantId, "first");
    await expect(save(tenantId, null)).rejects.toThrow();
    await expect(save(tenantId, "first")).rejects.toThrow();
    await save(tenantId, "second");
    expect(await numbersOf(tenantId)).toEqual(["HT-202611-0001", "HT-202611-0002"]);
  });

  it("stays gap-free when failing saves race with good ones", async () => {
    const tenantId = await newTenant();
    const results = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => save(tenantId, i % 3 === 0 ? null : `doc ${i}`)));
    expect(results.filter((r) => r.status === "rejected")).toHaveLength(10);
    expect(await numbersOf(tenantId)).toEqual(sequence("HT-202611-", 20));
  });

  it("counts each tenant, kind and month on its own", async () => {
    const [a, b] = [await newTenant(), await newTenant()];
    const invoice: NumberingKind = { kind: "invoice", prefix: "FP" };
    const december = Date.parse("2026-12-02T04:00:00Z");
    await save(a, "a contract");
    await save(a, "a invoice", NOV_2026, invoice);
    await save(a, "a december", december);
    await save(b, "b contract");
    await save(a, "a contract 2");
    expect(await numbersOf(a)).toEqual(["FP-202611-0001", "HT-202611-0001", "HT-202611-0002", "HT-202612-0001"]);
    expect(await numbersOf(b)).toEqual(["HT-202611-0001"]);
  });

  it("takes the month in the tenant's time zone: 2026-11-30T16:30Z is December in Shanghai, November in Berlin", async () => {
    const shanghai = await newTenant();
    const berlin = await newTenant("Europe/Berlin");
    const lateNovember = Date.parse("2026-11-30T10:00:00Z");
    const rollover = Date.parse("2026-11-30T16:30:00Z");
    await save(shanghai, "november", lateNovember);
    await save(shanghai, "december", rollover);
    await save(berlin, "november", lateNovember, CONTRACT, "Europe/Berlin");
    await save(berlin, "still november", rollover, CONTRACT, "Europe/Berlin");
    expect(await numbersOf(shanghai)).toEqual(["HT-202611-0001", "HT-202612-0001"]);
    expect(await numbersOf(berlin)).toEqual(["HT-202611-0001", "HT-202611-0002"]);
  });

  it("numbers by day and by year when the kind says so", async () => {
    const tenantId = await newTenant();
    const daily: NumberingKind = { kind: "dispatch", prefix: "PC", period: "day" };
    const yearly: NumberingKind = { kind: "settlement", prefix: "JS", period: "year" };
    await save(tenantId, "d1", NOV_2026, daily);
    await save(tenantId, "d2", Date.parse("2026-11-15T15:59:00Z"), daily);
    await save(tenantId, "d3", Date.parse("2026-11-15T16:00:00Z"), daily);
    await save(tenantId, "y1", NOV_2026, yearly);
    await save(tenantId, "y2", Date.parse("2026-12-31T15:59:00Z"), yearly);
    await save(tenantId, "y3", Date.parse("2026-12-31T16:00:00Z"), yearly);
    expect(await numbersOf(tenantId)).toEqual(["JS-2026-0001", "JS-2026-0002", "JS-2027-0001", "PC-20261115-0001", "PC-20261115-0002", "PC-20261116-0001"]);
  });

  it("previews without taking: the preview stays until a save takes the number", async () => {
    const tenantId = await newTenant();
    expect(await previewNumber(db(), tenantId, CONTRACT, NOV_2026, SHANGHAI)).toBe("HT-202611-0001");
    expect(await previewNumber(db(), tenantId, CONTRACT, NOV_2026, SHANGHAI)).toBe("HT-202611-0001");
    const [row] = await numberedInsert(db(), tenantId, CONTRACT, NOV_2026, SHANGHAI, (number) =>
      db().insert(testDocuments).values({ tenantId, number, title: "one" }).returning({ number: testDocuments.number }),
    );
    expect(row!.number).toBe("HT-202611-0001");
    expect(await previewNumber(db(), tenantId, CONTRACT, NOV_2026, SHANGHAI)).toBe("HT-202611-0002");
  });

  it("numbers an existing row through an update in the same batch", async () => {
    const tenantId = await newTenant();
    const [draft] = await db().insert(testDocuments).values({ tenantId, number: "draft", title: "draft" }).returning({ id: testDocuments.id });
    const { bump, value } = takeNumber(db(), tenantId, CONTRACT, NOV_2026, SHANGHAI);
    await batch(db(), [bump, db().update(testDocuments).set({ number: value }).where(sql`${testDocuments.id} = ${draft!.id}`)]);
    expect(await numbersOf(tenantId)).toEqual(["HT-202611-0001"]);
    const [counter] = await db().select({ n: documentNumbers.n }).from(documentNumbers).where(sql`${documentNumbers.tenantId} = ${tenantId}`);
    expect(counter!.n).toBe(1);
  });
});
