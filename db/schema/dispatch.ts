import { sql } from "drizzle-orm";
import { check, index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt, version } from "./columns";
import { organisations, tenants } from "./tenant";


/**
 * 签到管理 (`/signManagement`): the places where operators and site staff sign in (a site, a yard, a mixing plant):
 * a point (WGS-84) with its address, the range in metres a sign-in must fall inside (spec §9: 100, 200, 300, 500,
 * 1000 or 2000), the working hours it expects sign-ins in, and 启用 / 停用.
 */
export const signPoints = sqliteTable(
  "sign_points",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    orgId: integer("org_id").references(() => organisations.id),
    name: text("name").notNull(),
    project: text("project"),
    address: text("address"),
    lng: real("lng").notNull(),
    lat: real("lat").notNull(),
    /** metres */
    signRange: integer("sign_range").notNull().default(100),
    /** "HH:mm" in the tenant's time zone; both null = any time */
    workStart: text("work_start"),
    workEnd: text("work_end"),
    /** 1 enabled (启用), 0 stopped (停用) */
    state: integer("state").notNull().default(1),
    remark: text("remark"),
    creatorId: integer("creator_id"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("sign_points_tenant_name_uq").on(t.tenantId, t.name),
    index("sign_points_tenant_created_idx").on(t.tenantId, t.createdAt),
    check("sign_points_range", sql`${t.signRange} in (100, 200, 300, 500, 1000, 2000)`),
  ],
);
