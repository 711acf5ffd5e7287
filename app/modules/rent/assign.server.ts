/**
 * 待派设备 on /quickSchedule (asked for: `?assign=1`): the lines of live contracts that name a kind of machine but no machine yet (a 塔吊 from
 * the 1st), each with the machines of that kind free over its days, and 派车 that gives the line one of them. The
 * one check of double bookings is availability.server.ts's: a machine held by a live line on overlapping days is not
 * offered, and the write itself refuses it (a machine taken meanwhile, a line given one meanwhile), with its audit
 * record, in one batch.
 */
import { todayInZone } from "~/lib/tenant-clock";
import { expiredCertificates } from "~/modules/certificates/certificate-gate.server";
import { missingPreUse } from "~/modules/inspections/inspection-gate.server";
import { and, asc, desc, eq, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { batch } from "../../../db/client";
import { contractLines, contracts, customers, vehicleModels, vehicles } from "../../../db/schema";
import { visibleOrgRowWhere, visibleVehiclesWhere } from "../../../db/rules/data-scope";
import { ofTenant, sameTenant, tenantOfOuter, tenantWhere } from "../../../db/tenant";
import type { RequestScope } from "~/modules/access/access.server";
import { LINE_END, LIVE_CONTRACT_STATES } from "~/modules/contracts/availability.server";
import { CONTRACT_EDIT_CODE } from "~/modules/contracts/contracts.resource";
import { runCommand } from "~/modules/resource/command.server";
import { ENABLED } from "~/modules/workflow/enablement";

/** How many lines the panel lists, and machines it offers a line (the nearest plates first). */
export const UNASSIGNED_MAX = 30;
export const CANDIDATES_MAX = 20;
const OPEN_END = "9999-12-31";

export interface UnassignedLine {
  lineId: number;
  contractId: number;
  number: string;
  customer: string | null;
  equipmentType: string | null;
  spec: string | null;
  from: string;
  /** its off-rent day, else the contract's planned end, else open */
  to: string | null;
  candidates: { id: number; label: string }[];
}

const held = alias(contractLines, "held");
const heldContract = alias(contracts, "held_contract");

/**
 * A live line (a current revision, drafted to executing) holding the outer query's vehicle on a day of `from`…`to`
 * (null: open): the condition that makes a machine not free, for a where clause over `vehicles` (drizzle names every
 * column by its table there).
 */
function heldOver(from: string, to: string | null): SQL {
  return sql`exists (select 1 from ${contractLines} ${sql.identifier("held")} inner join ${contracts} ${sql.identifier("held_contract")} on ${heldContract.id} = ${held.contractId} and ${sameTenant(heldContract, held)} where ${held.vehicleId} = ${vehicles.id} and ${tenantOfOuter(held, vehicles)} and ${heldContract.current} = 1 and ${inArray(heldContract.state, [...LIVE_CONTRACT_STATES])} and ${held.onRentOn} <= ${to ?? OPEN_END} and coalesce(${held.offRentOn}, ${heldContract.plannedEndOn}, ${OPEN_END}) >= ${from})`;
}

/** The machines a line may be given: the tenant's, in the user's scope, enabled, of its kind, free over its days. */
function candidatesOf(scope: RequestScope, line: { equipmentType: string | null; from: string; to: string | null }) {
  return scope.db
    .select({ id: vehicles.id, plate: vehicles.plate, selfNo: vehicles.selfNo, model: sql<string | null>`(select ${vehicleModels.name} from ${vehicleModels} where ${vehicleModels.id} = ${vehicles.modelId})`.as("model_name") })
    .from(vehicles)
    .where(and(ofTenant(vehicles, scope), visibleVehiclesWhere(scope), eq(vehicles.state, ENABLED), line.equipmentType ? eq(vehicles.vehicleType, line.equipmentType) : undefined, sql`not ${heldOver(line.from, line.to)}`))
    .orderBy(asc(vehicles.plate), asc(vehicles.id))
    .limit(CANDIDATES_MAX);
}

/** The live lines without a machine whose days meet the month (the user's contracts; the 30 latest-starting), with their free machines: two round trips. */
export async function unassignedLines(scope: RequestScope, month: { first: string; last: string }): Promise<UnassignedLine[]> {
  const lineEnd = LINE_END;
  const lines = await scope.db
    .select({
      lineId: sql<number>`${contractLines.id}`.as("line_id"),
      contractId: sql<number>`${contracts.id}`.as("contract_id"),
      number: contracts.number,
      customer: sql<string | null>`(select ${customers.name} from ${customers} where ${customers.id} = ${contracts.customerId})`.as("customer"),
      equipmentType: contractLines.equipmentType,
      spec: contractLines.spec,
      from: sql<string>`${contractLines.onRentOn}`.as("from_day"),
      to: lineEnd.as("to_day"),
    })
    .from(contractLines)
    .innerJoin(contracts, and(eq(contracts.id, contractLines.contractId), sameTenant(contracts, contractLines)))
    .where(and(ofTenant(contractLines, scope), isNull(contractLines.vehicleId), lte(contractLines.onRentOn, month.last), or(isNull(lineEnd), sql`${lineEnd} >= ${month.first}`), eq(contracts.current, 1), inArray(contracts.state, [...LIVE_CONTRACT_STATES]), visibleOrgRowWhere(scope, contracts.orgId)))
    // the latest-starting first: read down the (tenant, vehicle, on-rent) index from the month's end, it stops at the
    // 30th (oldest first would read every by-type line that ever started before reaching the live ones); shown oldest first
    .orderBy(desc(contractLines.onRentOn), desc(contractLines.id))
    .limit(UNASSIGNED_MAX);
  if (!lines.length) return [];
  lines.reverse();
  const offered = await batch(scope.db, lines.map((l) => candidatesOf(scope, l)) as [ReturnType<typeof candidatesOf>, ...ReturnType<typeof candidatesOf>[]]);
  return lines.map((l, i) => ({ ...l, candidates: (offered[i] ?? []).map((v) => ({ id: v.id, label: [v.plate + (v.selfNo ? `（${v.selfNo}）` : ""), v.model].filter(Boolean).join(" · ") })) }));
}

export type AssignOutcome = { ok: true; plate: string; number: string } | { ok: false; status: number; message: string };

/**
 * 派车: the line gets the machine, only while it has none, its contract is live, and no live line holds the machine on
 * its days (read here to say why, and again in the write: a race is refused, never double-booked), with its audit.
 */
export async function assignMachine(scope: RequestScope, lineId: number, vehicleId: number): Promise<AssignOutcome> {
  if (!scope.access.permissions.has(CONTRACT_EDIT_CODE)) return { ok: false, status: 403, message: "rent:assign.forbidden" };
  if (!Number.isSafeInteger(lineId) || lineId <= 0 || !Number.isSafeInteger(vehicleId) || vehicleId <= 0) return { ok: false, status: 400, message: "rent:assign.pick" };
  const lineEnd = LINE_END;
  const [[line], [vehicle]] = await batch(scope.db, [
    scope.db
      // every column named apart: a batched select's rows come back by column name (db/client.ts batchableSelect)
      .select({
        id: sql<number>`${contractLines.id}`.as("line_id"),
        vehicleId: sql<number | null>`${contractLines.vehicleId}`.as("line_vehicle_id"),
        equipmentType: sql<string | null>`${contractLines.equipmentType}`.as("line_type"),
        from: sql<string>`${contractLines.onRentOn}`.as("from_day"),
        to: lineEnd.as("to_day"),
        contractId: sql<number>`${contracts.id}`.as("contract_id"),
        number: sql<string>`${contracts.number}`.as("contract_number"),
        state: sql<number>`${contracts.state}`.as("contract_state"),
        current: sql<number>`${contracts.current}`.as("contract_current"),
      })
      .from(contractLines)
      .innerJoin(contracts, and(eq(contracts.id, contractLines.contractId), sameTenant(contracts, contractLines)))
      .where(and(tenantWhere(contractLines, scope, eq(contractLines.id, lineId)), visibleOrgRowWhere(scope, contracts.orgId))),
    scope.db
      .select({ id: vehicles.id, plate: vehicles.plate, type: vehicles.vehicleType, state: vehicles.state })
      .from(vehicles)
      .where(and(tenantWhere(vehicles, scope, eq(vehicles.id, vehicleId)), visibleVehiclesWhere(scope))),
  ]);
  if (!line || line.current !== 1 || !(LIVE_CONTRACT_STATES as readonly number[]).includes(line.state)) return { ok: false, status: 404, message: "rent:assign.lineGone" };
  if (line.vehicleId !== null) return { ok: false, status: 409, message: "rent:assign.alreadyAssigned" };
  if (!vehicle) return { ok: false, status: 404, message: "rent:assign.machineGone" };
  if (vehicle.state !== ENABLED) return { ok: false, status: 409, message: "rent:assign.machineStopped" };
  if (line.equipmentType && vehicle.type !== line.equipmentType) return { ok: false, status: 400, message: "rent:assign.wrongType" };
  const [taken] = await scope.db.select({ id: vehicles.id }).from(vehicles).where(and(tenantWhere(vehicles, scope, eq(vehicles.id, vehicleId)), heldOver(line.from, line.to)));
  if (taken) return { ok: false, status: 409, message: "rent:assign.machineBusy" };
  // a machine whose mandatory certificate has expired goes on no line (证书管理)
  const expired = (await expiredCertificates(scope.db, scope.user.tenantId, [vehicleId], todayInZone(scope.user.timeZone))).get(vehicleId);
  if (expired) return { ok: false, status: 409, message: expired };
  // nor a machine that has not passed today's pre-use check (工序管理's 出车前必检)
  const missing = (await missingPreUse(scope.db, scope.user.tenantId, [vehicleId], todayInZone(scope.user.timeZone))).get(vehicleId);
  if (missing) return { ok: false, status: 409, message: missing };
  const done = await runCommand(
    scope,
    [
      scope.db
        .update(contractLines)
        .set({ vehicleId })
        .where(
          and(
            tenantWhere(contractLines, scope, eq(contractLines.id, lineId)),
            isNull(contractLines.vehicleId),
            sql`exists (select 1 from ${contracts} where ${contracts.id} = ${contractLines.contractId} and ${sameTenant(contracts, contractLines)} and ${contracts.current} = 1 and ${inArray(contracts.state, [...LIVE_CONTRACT_STATES])})`,
            sql`not exists (select 1 from ${vehicles} where ${vehicles.id} = ${vehicleId} and ${sameTenant(vehicles, contractLines)} and ${heldOver(line.from, line.to)})`,
          ),
        ),
      { expect: 1 },
    ],
    { entity: "contract", action: "assignMachine", id: line.contractId, after: { lineId, vehicleId, plate: vehicle.plate } },
  );
  // a machine taken or a line given one between the read and the write
  if (!done.ok) return { ok: false, status: 409, message: "rent:assign.changed" };
  return { ok: true, plate: vehicle.plate, number: line.number };
}
