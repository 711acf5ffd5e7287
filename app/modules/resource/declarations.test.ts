// The compiler checks a resource's declaration (issue 23 §1): each `@ts-expect-error` below is a mistake `tsc` must
// refuse; were it accepted, `tsc --noEmit` fails on the unused directive. The runtime assertions only keep vitest happy.
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { dictionaries } from "../../../db/schema";
import { defineResource, type AnyResource } from "./resource.server";
import { defineView } from "~/lib/list/types";

const view = defineView({
  name: "sample",
  path: "/sample",
  permission: "sample",
  title: { zh: "样例", en: "Sample" },
  singular: { zh: "样例", en: "sample" },
  rowLabel: "dictName",
  columns: [{ key: "dictName", label: { zh: "名称", en: "Name" }, sortable: true }],
  filters: [{ key: "q", label: { zh: "名称", en: "Name" }, type: "text" }],
  form: [{ key: "dictName", label: { zh: "名称", en: "Name" }, type: "text" }],
});
const Schema = z.object({ dictCode: z.string(), dictName: z.string().min(1, "validation.required") });

const declared = () =>
  defineResource({
    view,
    table: dictionaries,
    selectRows: (db, where) => db.select({ id: dictionaries.id, dictName: dictionaries.dictName }).from(dictionaries).where(where),
    filters: { q: (v) => eq(dictionaries.dictName, v) },
    sortColumns: { dictName: dictionaries.dictName },
    defaultOrder: [desc(dictionaries.id)],
    createSchema: Schema,
    updateSchema: Schema,
    // the values are the schema's answer: a typo is an error, and dictCode is a string, no cast needed
    toInsert: (values) => ({ dictCode: values.dictCode.trim(), dictName: values.dictName }),
    toUpdate: (values) => ({ dictName: values.dictName }),
    auditView: (row) => row,
  });

describe("typed declarations", () => {
  it("accepts a declaration whose keys all name something", () => {
    const ok: AnyResource = declared();
    expect(ok.view.name).toBe("sample");
  });

  it("refuses a sort key, a column, a form field or a filter that names nothing", () => {
    const common = { table: dictionaries, defaultOrder: [], createSchema: Schema, updateSchema: Schema, auditView: (row: object) => row, toUpdate: () => ({}) };
    const select = (db: Parameters<AnyResource["selectRows"]>[0]) => db.select({ id: dictionaries.id, dictName: dictionaries.dictName }).from(dictionaries);
    const insert = (values: z.output<typeof Schema>) => values;
    // @ts-expect-error -- dictCode is not a field of the listed row
    const sort: AnyResource = defineResource({ ...common, view, selectRows: select, filters: { q: () => undefined }, sortColumns: { dictCode: dictionaries.dictCode }, toInsert: insert });
    // @ts-expect-error -- the column isDefault is not a field of the listed row
    const column: AnyResource = defineResource({ ...common, view: defineView({ ...view, columns: [{ key: "isDefault", label: view.title }] }), selectRows: select, filters: { q: () => undefined }, sortColumns: {}, toInsert: insert });
    // @ts-expect-error -- the form field remark is not answered by the schemas
    const form: AnyResource = defineResource({ ...common, view: defineView({ ...view, form: [{ key: "remark", label: view.title, type: "text" }] }), selectRows: select, filters: { q: () => undefined }, sortColumns: {}, toInsert: insert });
    // @ts-expect-error -- the view's filter q has no condition
    const filter: AnyResource = defineResource({ ...common, view, selectRows: select, filters: {}, sortColumns: {}, toInsert: insert });
    expect([sort, column, form, filter].every(Boolean)).toBe(true);
  });

  it("refuses an insert that misses a required column of the table", () => {
    defineResource({
      view,
      table: dictionaries,
      selectRows: (db) => db.select({ id: dictionaries.id, dictName: dictionaries.dictName }).from(dictionaries),
      filters: { q: () => undefined },
      sortColumns: {},
      defaultOrder: [],
      createSchema: Schema,
      updateSchema: Schema,
      // @ts-expect-error -- dictCode is NOT NULL without a default
      toInsert: (values) => ({ dictName: values.dictName }),
      toUpdate: () => ({}),
      auditView: (row) => row,
    });
    expect(true).toBe(true);
  });
});
