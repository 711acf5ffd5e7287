import { and, eq, inArray, isNull, or } from "drizzle-orm";
import { organisations, vehicles } from "../../../db/schema";
import { ofTenant, withTenant } from "../../../db/tenant";
import { hubFor } from "../../../workers/fleet-hub/client";
import { sha256Hex } from "../../../workers/telematics/secret";
import type { RequestScope } from "~/modules/access/access.server";
import { isAlphanumeric } from "~/lib/validators";

export const MAX_TERMINALS = 500;

interface Wanted {
  terminalNo: string;
  plate: string;
  secret: string;
  deviceIdent?: string;
}

/** The reason a terminal of the request cannot be provisioned, or null. */
function checkTerminal(raw: unknown): string | null {
  const t = raw as Partial<Record<keyof Wanted, unknown>> | null;
  if (!t || typeof t !== "object") return "each terminal must be an object {terminalNo, plate, secret}";
  if (typeof t.terminalNo !== "string" || t.terminalNo.length !== 10 || !isAlphanumeric(t.terminalNo)) return "terminalNo must be 10 letters or digits";
  if (typeof t.plate !== "string" || !t.plate.trim() || t.plate.trim().length > 20) return "plate must be 1 to 20 characters";
  if (typeof t.secret !== "string" || t.secret.length < 16 || t.secret.length > 128) return "secret must be 16 to 128 characters";
  if (t.deviceIdent !== undefined && (typeof t.deviceIdent !== "string" || !/^[A-Za-z0-9]{6,32}$/.test(t.deviceIdent))) return "deviceIdent must be 6 to 32 letters or digits";
  return null;
}

export interface ProvisionResult {
  created: number;
  updated: number;
  rejected: { index: number; message: string }[];
}

/**
 * Registers terminals for the scope's tenant (new ones as vehicles under the root organisation) and sets their
 * secrets; an existing terminal's secret is reset only with deviceList:edit. Each refused terminal says why, by index.
 */
export async function provisionTerminals(scope: Pick<RequestScope, "db" | "user" | "env" | "access">, list: unknown[]): Promise<ProvisionResult> {
  const { db, user } = scope;
  const rejected: ProvisionResult["rejected"] = [];
  const wanted: (Wanted & { index: number })[] = [];
  list.forEach((raw, index) => {
    const problem = checkTerminal(raw);
    if (problem) rejected.push({ index, message: problem });
    // identifiers are case-blind and stored in capitals, as the vehicle form stores them
    else {
      const t = raw as Wanted;
      wanted.push({ ...t, terminalNo: t.terminalNo.toUpperCase(), deviceIdent: t.deviceIdent?.toUpperCase(), plate: t.plate.trim(), index });
    }
  });
  const tenantId = user.tenantId;
  // every identifier the request names, looked up in both columns across all tenants: an identifier names one vehicle
  const idents = wanted.flatMap((w) => (w.deviceIdent ? [w.terminalNo, w.deviceIdent] : [w.terminalNo]));
  const existing = idents.length
    ? await db
        .select({ id: vehicles.id, tenantId: vehicles.tenantId, terminalNo: vehicles.terminalNo, deviceIdent: vehicles.deviceIdent })
        .from(vehicles)
        .where(or(inArray(vehicles.terminalNo, idents), inArray(vehicles.deviceIdent, idents)))
    : [];
  const byNo = new Map(existing.map((e) => [e.terminalNo, e]));
  /** whether `ident` is held by a vehicle other than `own` (in either column) */
  const heldElsewhere = (ident: string, own?: number) => existing.some((e) => e.id !== own && (e.terminalNo === ident || e.deviceIdent === ident));
  const [root] = await db.select({ id: organisations.id }).from(organisations).where(and(ofTenant(organisations, tenantId), isNull(organisations.parentId)));
  const mayEdit = scope.access.permissions.has("deviceList:edit");
  let created = 0;
  let updated = 0;
  for (const w of wanted) {
    const found = byNo.get(w.terminalNo);
    const hash = await sha256Hex(w.secret);
    // the refusals say "in use", never whose: another account's identifiers are not ours to learn
    if ((found && found.tenantId !== tenantId) || heldElsewhere(w.terminalNo, found?.id)) {
      rejected.push({ index: w.index, message: "this terminal number is already in use" });
    } else if (!found && w.deviceIdent && heldElsewhere(w.deviceIdent)) {
      rejected.push({ index: w.index, message: "this device identifier is already in use" });
    } else if (found) {
      if (!mayEdit) {
        rejected.push({ index: w.index, message: "the terminal exists; resetting its secret needs deviceList:edit" });
        continue;
      }
      // a terminal with a secret reports through /ingest/v1 only: OsmAnd goes off with its key
      await db
        .update(vehicles)
        .set({ terminalSecretHash: hash, osmandEnabled: 0, osmandKeyHash: null, updatedAt: Date.now() })
        .where(and(eq(vehicles.id, found.id), ofTenant(vehicles, tenantId)));
      updated++;
    } else {
      try {
        await db
          .insert(vehicles)
          .values(withTenant(tenantId, { orgId: root?.id ?? null, plate: w.plate, terminalNo: w.terminalNo, terminalSecretHash: hash, deviceIdent: w.deviceIdent ?? null, creatorId: user.id }));
        created++;
      } catch {
        rejected.push({ index: w.index, message: "the plate or device identifier is already in use" });
      }
    }
  }
  if (created || updated) await hubFor(scope.env, tenantId).configChanged();
  return { created, updated, rejected: rejected.sort((a, b) => a.index - b.index) };
}
