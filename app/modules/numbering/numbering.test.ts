// The numbering rules in Node, and the counter on libSQL (the D1 run, with concurrency, is tests/worker/numbering.test.ts).
import { createClient } from "@libsql/client";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { describe, expect, it } from "vitest";
import { batch, type Db } from "../../../db/client";
import * as schema from "../../../db/schema";
import { formatNumber, numberedInsert, numberPeriod, previewNumber, takeNumber } from "./numbering.server";

describe("numberPeriod", () => {
  const rollover = Date.parse("2026-11-30T16:30:00Z");
  it("reads the period in the tenant's zone", () => {
    expect(numberPeriod(undefined, rollover, "Asia/Shanghai")).toBe("202612");
    expect(numberPeriod("month", rollover, "Europe/Berlin")).toBe("202611");
    expect(numberPeriod("day", rollover, "Asia/Shanghai")).toBe("20261201");
    expect(numberPeriod("year", Date.parse("2026-12-31T16:00:00Z"), "Asia/Shanghai")).toBe("2027");
    expect(numberPeriod("year", Date.parse("2026-12-31T16:00:00Z"), "America/New_York")).toBe("2026");
  });
});

describe("formatNumber", () => {
  it("pads the sequence to four digits and lets it grow beyond", () => {
    expect(formatNumber("HT", "202611", 1)).toBe("HT-202611-0001");
    expect(formatNumber("HT", "202611", 12345)).toBe("HT-202611-12345");
  });
});

describe("numbers on libSQL", () => {
  it("takes numbers in the save's batch and gives a failed save's back", async () => {
    const raw = drizzle(createClient({ url: ":memory:" }));
    // the schema named: inferring it made tsc work out the variance of drizzle's session types (seconds)
    await migrate<Record<string, never>>(raw, { migrationsFolder: "./db/migrations" });
    const db = raw as unknown as Db;
    const [tenant] = await db.insert(schema.tenants).values({ code: "num", name: "Numbering" }).returning({ id: schema.tenants.id });
    await db.run(sql`create table docs (id integer primary key, number text not null, title text not null)`);
    const kind = { kind: "contract", prefix: "HT" };
    const at = Date.parse("2026-11-15T04:00:00Z");
    const insertDoc = (title: string | null) => (number: ReturnType<typeof takeNumber>["value"]) => db.run(sql`insert into docs (number, title) values (${number}, ${title})`);

    await numberedInsert(db, tenant!.id, kind, at, "Asia/Shanghai", insertDoc("one"));
    const { bump, value } = takeNumber(db, tenant!.id, kind, at, "Asia/Shanghai");
    await expect(batch(db, [bump, insertDoc(null)(value)])).rejects.toThrow();
    await numberedInsert(db, tenant!.id, kind, at, "Asia/Shanghai", insertDoc("two"));

    expect((await db.all<{ number: string }>(sql`select number from docs order by id`)).map((r) => r.number)).toEqual(["HT-202611-0001", "HT-202611-0002"]);
    expect(await previewNumber(db, tenant!.id, kind, at, "Asia/Shanghai")).toBe("HT-202611-0003");
  });
});
