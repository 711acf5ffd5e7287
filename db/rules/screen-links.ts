import { and, eq, gte, inArray, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import { contractLines, contracts, screenLinks, vehicles } from "../schema";
import { ofTenant, tenantWhere } from "../tenant";
import { orgSubtreeSql } from "./data-scope";

/**
 * What a screen link may show (db/schema/screens.ts), written once for the page and the FleetHub as data-scope.ts is
 * for users: an organisation's machines and those of the organisations below it; one customer's machines on rent
 * today (a line of an approved or executing contract of theirs, on rent on or before today and not off rent before
 * it); or the machines named, as long as they are still the tenant's.
 */

/** The contract states under which a customer's machine counts as rented to them (approved, executing). */
export const RENTED_STATES = [2, 3] as const;

/**
 * A contract line whose machine is on rent on `today`: of a current contract approved or executing, on rent on or
 * before today and not off rent before it (join contracts to contract_lines).
 */
export function rentedOn(tenantId: number, today: string): SQL {
  return and(
    ofTenant(contracts, tenantId),
    ofTenant(contractLines, tenantId),
    eq(contracts.current, 1),
    inArray(contracts.state, [...RENTED_STATES]),
    isNotNull(contractLines.vehicleId),
    lte(contractLines.onRentOn, today),
    or(isNull(contractLines.offRentOn), gte(contractLines.offRentOn, today)),
  )!;
}

/** A customer's machines on rent on `today` (rentedOn): a customer's link shows these, and so does staff's 客户大屏. */
export async function customerRentedIds(db: Db, tenantId: number, customerId: number, today: string): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ id: contractLines.vehicleId })
    .from(contractLines)
    .innerJoin(contracts, eq(contracts.id, contractLines.contractId))
    .where(and(rentedOn(tenantId, today), eq(contracts.customerId, customerId)));
  return new Set(rows.map((r) => r.id!));
}

export interface ScreenLinkRow {
  id: number;
  tenantId: number;
  screen: string;
  name: string;
  scopeKind: "org" | "customer" | "vehicles";
  orgId: number | null;
  customerId: number | null;
  vehicleIds: number[] | null;
}

const LINK_COLUMNS = {
  id: screenLinks.id,
  tenantId: screenLinks.tenantId,
  screen: screenLinks.screen,
  name: screenLinks.name,
  scopeKind: screenLinks.scopeKind,
  orgId: screenLinks.orgId,
  customerId: screenLinks.customerId,
  vehicleIds: screenLinks.vehicleIds,
};

/** SHA-256 of a link's token, hex: what the table keeps. */
export async function screenTokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A link's token as addresses carry it: 32 random bytes, base64url (43 characters). */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The link a token opens, or null (malformed, unknown, revoked). */
export async function screenLinkByToken(db: Db, token: string): Promise<ScreenLinkRow | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select(LINK_COLUMNS)
    .from(screenLinks)
    .where(and(eq(screenLinks.tokenHash, await screenTokenHash(token)), isNull(screenLinks.revokedAt)));
  return row ?? null;
}

/** A link of the tenant by id while it is not revoked (the hub's check of its open sockets), or null. */
export async function activeScreenLink(db: Db, tenantId: number, id: number): Promise<ScreenLinkRow | null> {
  const [row] = await db.select(LINK_COLUMNS).from(screenLinks).where(tenantWhere(screenLinks, tenantId, and(eq(screenLinks.id, id), isNull(screenLinks.revokedAt))));
  return row ?? null;
}

/** The machines a link shows on `today` (the tenant's day). */
export async function screenLinkVehicleIds(db: Db, link: ScreenLinkRow, today: string): Promise<Set<number>> {
  const tenantId = link.tenantId;
  if (link.scopeKind === "org" && link.orgId !== null) {
    const rows = await db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(tenantWhere(vehicles, tenantId, sql`${vehicles.orgId} in (${orgSubtreeSql({ tenantId }, link.orgId)})`));
    return new Set(rows.map((r) => r.id));
  }
  if (link.scopeKind === "customer" && link.customerId !== null) return customerRentedIds(db, tenantId, link.customerId, today);
  if (link.scopeKind === "vehicles" && link.vehicleIds?.length) {
    const ids = link.vehicleIds.filter((v) => Number.isSafeInteger(v) && v > 0);
    const found = new Set<number>();
    // D1 binds at most 100 parameters a statement
    for (let i = 0; i < ids.length; i += 90) {
      const rows = await db.select({ id: vehicles.id }).from(vehicles).where(tenantWhere(vehicles, tenantId, inArray(vehicles.id, ids.slice(i, i + 90))));
      for (const r of rows) found.add(r.id);
    }
    return found;
  }
  return new Set();
}
