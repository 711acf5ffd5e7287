/**
 * The platform's side of terminal commands (terminal_commands): queued here as part of an act's batch, handed over by
 * the terminal API or the JT808 gateway (docs/terminal-api.md, "Commands"), which move them on; a command nobody
 * handed over by its expiry becomes 发送失败 (workers/jobs/command-expiry.ts).
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import { contractLines, contracts, terminalCommands, vehicles } from "../../../db/schema";
import { ofTenant, sameTenant, tenantWhere, withTenant } from "../../../db/tenant";
import { idList } from "../../../db/client";
import { ENABLED } from "../../../db/states";
import { hubFor } from "../../../workers/fleet-hub/client";
import type { RequestScope } from "~/modules/access/access.server";
import { CONTRACT_STATE } from "~/modules/contracts/contracts.resource";
import type { Message } from "~/i18n/keys";
import { COMMAND_STATE, type LockOperation } from "./terminals";

/** The command kinds agreed with the terminal API and the JT808 gateway, with their payloads. */
export interface CommandPayloads {
  lock: { operation: LockOperation };
  ota: { url: string; version: string; packageId: number; taskId: number };
}

/** A command waiting for a machine's terminal, as a statement to join an act's batch. */
export function queueCommand<K extends keyof CommandPayloads>(scope: RequestScope, vehicleId: number, kind: K, payload: CommandPayloads[K], ttlMs: number, now: number) {
  return scope.db.insert(terminalCommands).values(withTenant(scope, { vehicleId, kind, payload: payload as unknown as Record<string, unknown>, state: COMMAND_STATE.pending, creatorId: scope.user.id, createdAt: now, expiresAt: now + ttlMs }));
}

/** The id of a machine's latest command of a kind, for a row of the same batch that names the command just queued. */
export const latestCommandOf = (tenantId: number, vehicleId: number | SQL, kind: keyof CommandPayloads) =>
  sql`(select max(${terminalCommands.id}) from ${terminalCommands} where ${ofTenant(terminalCommands, tenantId)} and ${terminalCommands.vehicleId} = ${vehicleId} and ${terminalCommands.kind} = ${kind})`;

/**
 * Tells the tenant's hub which machines have commands waiting, once they are stored: an HTTP terminal's next answer
 * carries them. The commands are stored whatever happens here (the JT808 gateway reads them from the database), so a
 * hub that cannot be reached is logged, not the user's error.
 */
export async function commandsQueued(scope: RequestScope, vehicleIds: readonly number[]): Promise<void> {
  try {
    await hubFor(scope.env, scope.user.tenantId).commandsQueued([...new Set(vehicleIds)]);
  } catch (error) {
    console.error("terminals: the hub was not told of queued commands", error);
  }
}

/** A machine a command may be queued for: the tenant's, with its terminal installed, not stopped. */
export interface CommandTarget {
  id: number;
  plate: string;
  terminalNo: string;
}

/**
 * Of the machines given (already checked to be the user's), those that can take a command, or the refusal naming the
 * first that cannot: its terminal uninstalled, or the machine stopped (its terminal's reports are refused).
 */
export async function commandTargets(scope: RequestScope, ids: readonly number[]): Promise<{ targets: CommandTarget[] } | { refusal: Message }> {
  if (!ids.length) return { targets: [] };
  const rows = await scope.db
    .select({ id: vehicles.id, plate: vehicles.plate, terminalNo: vehicles.terminalNo, installed: vehicles.installed, state: vehicles.state })
    .from(vehicles)
    .where(tenantWhere(vehicles, scope, sql`${vehicles.id} in ${idList(ids)}`));
  const uninstalled = rows.find((v) => v.installed !== 1);
  if (uninstalled) return { refusal: `terminals:noTerminal|${uninstalled.plate}` };
  const stopped = rows.find((v) => v.state !== ENABLED);
  if (stopped) return { refusal: `terminals:vehicleStopped|${stopped.plate}` };
  return { targets: ids.map((id) => rows.find((r) => r.id === id)!).filter(Boolean).map(({ id, plate, terminalNo }) => ({ id, plate, terminalNo })) };
}

/** A machine on rent today under a contract in force (执行中), with the contract. */
export interface OnRent {
  vehicleId: number;
  plate: string;
  contractId: number;
  contractNumber: string;
}

/**
 * The machines among these that are on rent today: a line of a contract in force (its revision in force, 执行中) that
 * names the machine, on rent since today or before and not yet off rent. The whole tenant's contracts count, not the
 * user's data scope: a machine another branch rents out is on rent all the same.
 */
export async function machinesOnRent(scope: RequestScope, ids: readonly number[], today: string): Promise<OnRent[]> {
  if (!ids.length) return [];
  const rows = await scope.db
    .select({ vehicleId: sql<number>`${contractLines.vehicleId}`, plate: vehicles.plate, contractId: contracts.id, contractNumber: contracts.number })
    .from(contractLines)
    .innerJoin(contracts, and(eq(contracts.id, contractLines.contractId), sameTenant(contracts, contractLines), eq(contracts.current, 1), eq(contracts.state, CONTRACT_STATE.executing)))
    .innerJoin(vehicles, and(eq(vehicles.id, contractLines.vehicleId), sameTenant(vehicles, contractLines)))
    .where(
      tenantWhere(
        contractLines,
        scope,
        sql`${contractLines.vehicleId} in ${idList(ids)}`,
        sql`${contractLines.onRentOn} <= ${today}`,
        sql`(${contractLines.offRentOn} is null or ${contractLines.offRentOn} >= ${today})`,
      ),
    )
    .orderBy(contractLines.vehicleId, contracts.id);
  const seen = new Set<number>();
  return rows.filter((r) => (seen.has(r.vehicleId) ? false : (seen.add(r.vehicleId), true)));
}
