import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt, version } from "./columns";
import { tenants } from "./tenant";

export const dictionaries = sqliteTable(
  "dictionaries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    dictCode: text("dict_code").notNull(),
    dictName: text("dict_name").notNull(),
    /** 0 = custom dictionary, editable through the option editor */
    isSystem: integer("is_system").notNull().default(0),
    sort: integer("sort").notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("dictionaries_tenant_code_uq").on(t.tenantId, t.dictCode)],
);

export const dictionaryItems = sqliteTable(
  "dictionary_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: integer("tenant_id").notNull(),
    dictionaryId: integer("dictionary_id").notNull().references(() => dictionaries.id),
    dictCode: text("dict_code").notNull(),
    dictName: text("dict_name").notNull(),
    dictValue: text("dict_value").notNull(),
    imgValue: text("img_value"),
    disabled: integer("disabled").notNull().default(0),
    isSystem: integer("is_system").notNull().default(0),
    sort: integer("sort").notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("dictionary_items_dict_idx").on(t.tenantId, t.dictionaryId, t.sort)],
);
