/**
 * 大屏链接 under 租户配置: a tenant administrator makes a link for a wall screen (which screen, what it shows), sees the
 * links and when each was last opened, and revokes them (docs/big-screens.md). The token is shown once, when made;
 * only its SHA-256 is kept. At most SCREEN_LINKS_PER_TARGET links are live for one screen and scope (spec §5,
 * big-screen 5), counted in the same statement that inserts, so twenty saves at once cannot make a sixth.
 */
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { customers, organisations, screenLinks, tenants, vehicles, type ScreenLinkScope } from "../../../db/schema";
import { screenTokenHash } from "../../../db/rules/screen-links";
import { assignableOrgsWhere, visibleOrgRowWhere, visibleVehiclesWhere } from "../../../db/rules/data-scope";
import { ofTenant, tenantWhere } from "../../../db/tenant";
import { hubFor } from "../../../workers/fleet-hub/client";
import type { RequestScope } from "~/modules/access/access.server";
import { runCommand } from "~/modules/resource/command.server";
import { LINKABLE_SCREENS, SCREEN_LINKS_PER_TARGET, SCREEN_LINK_NAME_MAX, SCREEN_LINK_VEHICLES_MAX, type LinkError, type ScreenLinkListRow } from "./screen-links";

export const SCREEN_LINK_PERMISSION = "tenantConfig:edit";

/** The tenant's links, newest first, with what each shows by name; and the choices for a new one. */
export async function loadScreenLinks(scope: RequestScope) {
  const { db } = scope;
  const tenantId = scope.user.tenantId;
  const [rows, orgRows, customerRows] = await Promise.all([
    db
      .select({
        id: screenLinks.id,
        screen: screenLinks.screen,
        name: screenLinks.name,
        scopeKind: screenLinks.scopeKind,
        orgName: organisations.name,
        customerName: customers.name,
        vehicleIds: screenLinks.vehicleIds,
        createdAt: screenLinks.createdAt,
        revokedAt: screenLinks.revokedAt,
        lastSeenAt: screenLinks.lastSeenAt,
      })
      .from(screenLinks)
      .leftJoin(organisations, eq(organisations.id, screenLinks.orgId))
      .leftJoin(customers, eq(customers.id, screenLinks.customerId))
      .where(ofTenant(screenLinks, tenantId))
      .orderBy(sql`${screenLinks.revokedAt} is not null`, desc(screenLinks.createdAt), desc(screenLinks.id))
      .limit(200),
    db.select({ id: organisations.id, name: organisations.name }).from(organisations).where(tenantWhere(organisations, tenantId, assignableOrgsWhere(scope))).orderBy(organisations.sort, organisations.id),
    db.select({ id: customers.id, name: customers.name }).from(customers).where(tenantWhere(customers, tenantId, visibleOrgRowWhere(scope, customers.orgId))).orderBy(customers.name).limit(500),
  ]);
  const plateIds = [...new Set(rows.flatMap((r) => r.vehicleIds ?? []))];
  const plates = new Map<number, string>();
  for (let i = 0; i < plateIds.length; i += 90) {
    for (const v of await db.select({ id: vehicles.id, plate: vehicles.plate }).from(vehicles).where(tenantWhere(vehicles, tenantId, inArray(vehicles.id, plateIds.slice(i, i + 90))))) plates.set(v.id, v.plate);
  }
  const links: ScreenLinkListRow[] = rows.map((r) => ({
    id: r.id,
    screen: r.screen,
    name: r.name,
    scopeKind: r.scopeKind,
    target: r.scopeKind === "org" ? (r.orgName ?? "") : r.scopeKind === "customer" ? (r.customerName ?? "") : (r.vehicleIds ?? []).map((id) => plates.get(id) ?? `#${id}`).join("、"),
    createdAt: r.createdAt,
    revokedAt: r.revokedAt,
    lastSeenAt: r.lastSeenAt,
  }));
  return { links, orgs: orgRows, customers: customerRows, canEdit: scope.access.permissions.has(SCREEN_LINK_PERMISSION) };
}

export type CreateAnswer = { ok: true; id: number; token: string } | { ok: false; error: LinkError; detail?: string };

/** Makes a link from the posted form; the token comes back once. */
export async function createScreenLink(scope: RequestScope, form: FormData): Promise<CreateAnswer> {
  const { db } = scope;
  const tenantId = scope.user.tenantId;
  const name = String(form.get("name") ?? "").trim();
  const screen = String(form.get("screen") ?? "");
  const scopeKind = String(form.get("scopeKind") ?? "") as ScreenLinkScope;
  if (!name) return { ok: false, error: "nameRequired" };
  if (name.length > SCREEN_LINK_NAME_MAX) return { ok: false, error: "nameTooLong" };
  const allowed = LINKABLE_SCREENS[screen];
  if (!allowed) return { ok: false, error: "screen" };
  if (!allowed.includes(scopeKind)) return { ok: false, error: "scopeKind" };
  let orgId: number | null = null;
  let customerId: number | null = null;
  let vehicleIds: number[] | null = null;
  if (scopeKind === "org") {
    orgId = positiveId(form.get("orgId"));
    const [org] = orgId ? await db.select({ id: organisations.id }).from(organisations).where(tenantWhere(organisations, tenantId, eq(organisations.id, orgId), assignableOrgsWhere(scope))) : [];
    if (!org) return { ok: false, error: "org" };
  } else if (scopeKind === "customer") {
    customerId = positiveId(form.get("customerId"));
    const [customer] = customerId ? await db.select({ id: customers.id }).from(customers).where(tenantWhere(customers, tenantId, eq(customers.id, customerId), visibleOrgRowWhere(scope, customers.orgId))) : [];
    if (!customer) return { ok: false, error: "customer" };
  } else {
    // plates, one a line or separated by commas; every one must be a machine the user sees
    const plates = [...new Set(String(form.get("plates") ?? "").split(/[\s,，、;；]+/).map((p) => p.trim()).filter(Boolean))];
    if (!plates.length) return { ok: false, error: "platesRequired" };
    if (plates.length > SCREEN_LINK_VEHICLES_MAX) return { ok: false, error: "platesTooMany" };
    const found = new Map<string, number>();
    for (let i = 0; i < plates.length; i += 90) {
      const rows = await db.select({ id: vehicles.id, plate: vehicles.plate }).from(vehicles).where(tenantWhere(vehicles, tenantId, inArray(vehicles.plate, plates.slice(i, i + 90)), visibleVehiclesWhere(scope)));
      for (const r of rows) found.set(r.plate, r.id);
    }
    const missing = plates.filter((p) => !found.has(p));
    if (missing.length) return { ok: false, error: "platesUnknown", detail: missing.slice(0, 10).join("、") };
    vehicleIds = plates.map((p) => found.get(p)!).sort((a, b) => a - b);
  }
  const token = newToken();
  const hash = await screenTokenHash(token);
  const now = Date.now();
  // the count and the insert are one statement (concurrent saves cannot pass the limit together), its audit record in
  // the same batch; the act stops whole when the limit held the insert back
  const sameTarget = scopeKind === "org" ? sql`org_id = ${orgId}` : scopeKind === "customer" ? sql`customer_id = ${customerId}` : sql`vehicle_ids = ${JSON.stringify(vehicleIds)}`;
  const made = await runCommand(
    scope,
    [
      db.insert(screenLinks).select(
        db
          .select({
            id: sql<number>`null`.as("id"),
            tenantId: tenants.id,
            screen: sql<string>`${screen}`.as("screen"),
            name: sql<string>`${name}`.as("name"),
            scopeKind: sql<ScreenLinkScope>`${scopeKind}`.as("scope_kind"),
            orgId: sql<number | null>`${orgId}`.as("org_id"),
            customerId: sql<number | null>`${customerId}`.as("customer_id"),
            vehicleIds: sql<number[] | null>`${vehicleIds ? JSON.stringify(vehicleIds) : null}`.as("vehicle_ids"),
            tokenHash: sql<string>`${hash}`.as("token_hash"),
            creatorId: sql<number>`${scope.user.id}`.as("creator_id"),
            createdAt: sql<number>`${now}`.as("created_at"),
            revokedAt: sql<number | null>`null`.as("revoked_at"),
            revokedBy: sql<number | null>`null`.as("revoked_by"),
            lastSeenAt: sql<number | null>`null`.as("last_seen_at"),
          })
          .from(tenants)
          .where(and(eq(tenants.id, tenantId), sql`(select count(*) from screen_links where ${ofTenant(screenLinks, tenantId)} and screen = ${screen} and scope_kind = ${scopeKind} and revoked_at is null and ${sameTarget}) < ${SCREEN_LINKS_PER_TARGET}`)),
      ),
      { expect: 1 },
    ],
    { entity: "screenLink", action: "create", id: sql`(select id from screen_links where token_hash = ${hash})`, after: { screen, name, scopeKind, orgId, customerId, vehicleIds } },
  );
  if (!made.ok) return { ok: false, error: "limit" };
  const [inserted] = await db.select({ id: screenLinks.id }).from(screenLinks).where(and(ofTenant(screenLinks, tenantId), eq(screenLinks.tokenHash, hash)));
  return { ok: true, id: inserted.id, token };
}

/** Revokes a link of the tenant; its open screens close at once (the hub) and its address answers 404. */
export async function revokeScreenLink(scope: RequestScope, id: number): Promise<boolean> {
  const tenantId = scope.user.tenantId;
  const done = await runCommand(
    scope,
    [scope.db.update(screenLinks).set({ revokedAt: Date.now(), revokedBy: scope.user.id }).where(tenantWhere(screenLinks, tenantId, and(eq(screenLinks.id, id), isNull(screenLinks.revokedAt)))), { expect: 1 }],
    { entity: "screenLink", action: "revoke", id },
  );
  if (!done.ok) return false;
  try {
    await hubFor(scope.env, tenantId).revokeLinks([id]);
  } catch (error) {
    // the hub looks at its links' screens again within a minute anyway (LINK_CHECK_MS)
    console.error("screen link revoke, hub:", error);
  }
  return true;
}

const positiveId = (v: FormDataEntryValue | null) => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** 32 random bytes, base64url (TOKEN_PATTERN). */
function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}
