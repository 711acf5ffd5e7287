import { env } from "cloudflare:test";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { dictionaries, dictionaryItems } from "../../db/schema";
import { numberPeriod } from "../../app/modules/numbering/numbering.server";
import type { RequestScope } from "../../app/modules/access/access.server";
import { createRow, defineResource, type AnyResource } from "../../app/modules/resource/resource.server";
import { defineView } from "../../app/lib/list/types";
import { db, makeTenant } from "./helpers";

/**
 * A resource that declares `number` takes its document number in the create's own batch (issue 23 §3): in order,
 * gap-free, read back by the audit record, and given back when the batch fails. The table is a dictionary's, with
 * its code as the number: any text column would do.
 */
const view = defineView({
  name: "numberedSample",
  path: "/numberedSample",
  permission: "numberedSample",
  title: { zh: "编号样例", en: "Numbered sample" },
  singular: { zh: "样例", en: "sample" },
  rowLabel: "dictCode",
  columns: [{ key: "dictCode", label: { zh: "编号", en: "No." } }],
  filters: [],
  form: [{ key: "dictName", label: { zh: "名称", en: "Name" }, type: "text" }],
});
const Schema = z.object({ dictName: z.string().min(1, "validation.required") });

const numbered: AnyResource = defineResource({
  view,
  table: dictionaries,
  number: { field: "dictCode", kind: "sample", prefix: "ZD" },
  selectRows: (d, where) => d.select({ id: dictionaries.id, dictCode: dictionaries.dictCode }).from(dictionaries).where(where),
  filters: {},
  sortColumns: {},
  defaultOrder: [desc(dictionaries.id)],
  createSchema: Schema,
  updateSchema: Schema,
  // the number replaces this placeholder inside the batch
  toInsert: (values) => ({ dictName: values.dictName, dictCode: "" }),
  toUpdate: (values) => values,
  auditView: (row) => row,
  // an item under the new dictionary, by the new row's id; "refuse" makes it break a NOT NULL column
  sideWrites: (scope, { id, values }) => ({
    writes: [
      scope.db.insert(dictionaryItems).values({ tenantId: scope.user.tenantId, dictionaryId: id, dictCode: "sample", dictName: values.dictName, dictValue: values.dictName === "refuse" ? (null as unknown as string) : "1" }),
    ],
  }),
});

const scopeOf = (t: { tenantId: number; userId: number }) => ({ env, db: db(), user: { id: t.userId, tenantId: t.tenantId, timeZone: "Asia/Shanghai" } }) as unknown as RequestScope;

describe("a numbered create", () => {
  it("numbers rows in order inside the save's batch, and a failed save gives its number back", async () => {
    const t = await makeTenant();
    const scope = scopeOf(t);
    const period = numberPeriod("month", Date.now(), "Asia/Shanghai");
    const first = await createRow(scope, numbered, { dictName: "甲" });
    await expect(createRow(scope, numbered, { dictName: "refuse" })).rejects.toThrow();
    const second = await createRow(scope, numbered, { dictName: "乙" });
    if (!first.ok || !second.ok) throw new Error("the saves were refused");
    const code = async (id: number) => (await db().select({ code: dictionaries.dictCode }).from(dictionaries).where(eq(dictionaries.id, id)))[0]?.code;
    expect(await code(first.id)).toBe(`ZD-${period}-0001`);
    // the refused save stored nothing and took no number
    expect(await code(second.id)).toBe(`ZD-${period}-0002`);
    expect(await env.DB.prepare("select count(*) as n from dictionaries where tenant_id = ? and dict_name = 'refuse'").bind(t.tenantId).first("n")).toBe(0);
    // the side row found its dictionary by the new id, and the audit record holds the number
    expect(await env.DB.prepare("select dictionary_id from dictionary_items where dictionary_id = ?").bind(second.id).first("dictionary_id")).toBe(second.id);
    const after = await env.DB.prepare("select after from audit_logs where entity = 'numberedSample' and entity_id = ?").bind(String(second.id)).first<string>("after");
    expect(JSON.parse(after!)).toMatchObject({ dictName: "乙", dictCode: `ZD-${period}-0002` });
  });
});
