import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, ms } from "./columns";
import { organisations, tenants } from "./tenant";
import { customers } from "./rental";

/** What a screen link shows: an organisation and those below it, one customer's rented machines, or a set of machines. */
export const SCREEN_LINK_SCOPES = ["org", "customer", "vehicles"] as const;
export type ScreenLinkScope = (typeof SCREEN_LINK_SCOPES)[number];

/**
 * 大屏链接: a wall screen reached without an account (a TV in the yard, the customer's site office). The address holds
 * a random token; only its SHA-256 is kept, so the address is shown once when made. The link is read-only, sees only
 * its scope (the page and the hub alike), and a revoked link goes dark (docs/big-screens.md).
 */
export const screenLinks = sqliteTable(
  "screen_links",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => tenants.id),
    /** the screen's path (/homeworkScreen, /customerScreen) */
    screen: text("screen").notNull(),
    name: text("name").notNull(),
    scopeKind: text("scope_kind", { enum: SCREEN_LINK_SCOPES }).notNull(),
    orgId: integer("org_id").references(() => organisations.id),
    customerId: integer("customer_id").references(() => customers.id),
    /** scope "vehicles": the machines' ids as a JSON array */
    vehicleIds: text("vehicle_ids", { mode: "json" }).$type<number[]>(),
    tokenHash: text("token_hash").notNull(),
    creatorId: integer("creator_id"),
    createdAt: createdAt(),
    revokedAt: ms("revoked_at"),
    revokedBy: integer("revoked_by"),
    /** the last time a screen opened it (page or socket) */
    lastSeenAt: ms("last_seen_at"),
  },
  (t) => [
    uniqueIndex("screen_links_token_uq").on(t.tokenHash),
    index("screen_links_tenant_idx").on(t.tenantId, t.revokedAt, t.createdAt),
    check("screen_links_scope", sql`${t.scopeKind} in ('org', 'customer', 'vehicles')`),
  ],
);
