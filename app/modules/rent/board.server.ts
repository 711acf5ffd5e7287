import { and, asc, count, eq, gte, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { contractLines, contracts, customers, organisations, vehicleModels, vehicles } from "../../../db/schema";
import { batch } from "../../../db/client";
import { ofTenant, sameTenant } from "../../../db/tenant";
import { assignableOrgsWhere, visibleVehiclesWhere } from "../../../db/rules/data-scope";
import { todayInZone } from "~/lib/tenant-clock";
import { searchText } from "~/lib/list/search";
import type { RequestScope } from "~/modules/access/access.server";
import { containing } from "~/modules/resource/resource.server";
import { VEHICLE_TYPES } from "~/modules/telematics/vehicle-types";
import { LINE_END } from "~/modules/contracts/availability.server";
import { BOARD_PAGE_SIZE, BOARD_STATES, monthDays, type BoardBar } from "./board";

/** The board's filters as the URL carries them (a GET form: bookmarkable, works without JavaScript). */
export interface BoardQuery {
  month: string;
  q: string;
  type: string;
  modelId: string;
  orgId: string;
  state: string;
  page: number;
}

const digits = (v: string | null) => (v && /^\d{1,9}$/.test(v) ? v : "");

/** Reads the board's query; a missing or bad month is the tenant's current one. */
export function parseBoardQuery(url: URL, timeZone: string): BoardQuery {
  const p = url.searchParams;
  const month = p.get("month") ?? "";
  const page = Math.floor(Number(p.get("page")));
  return {
    month: monthDays(month) ? month : todayInZone(timeZone).slice(0, 7),
    q: searchText(p.get("q") ?? ""),
    type: VEHICLE_TYPES.some((t) => t.value === p.get("type")) ? p.get("type")! : "",
    modelId: digits(p.get("modelId")),
    orgId: digits(p.get("orgId")),
    state: p.get("state") === "0" || p.get("state") === "1" ? p.get("state")! : "",
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
}

/** The machines the board lists: the tenant's, within the user's data scope, narrowed by the filters. */
function machinesWhere(scope: RequestScope, q: BoardQuery): SQL {
  const conditions: (SQL | undefined)[] = [ofTenant(vehicles, scope), visibleVehiclesWhere(scope)];
  // the search finds a plate, a self number or a model (its name carries the tonnage: QY25K, STC500)
  if (q.q) conditions.push(or(containing(vehicles.plate, q.q), containing(vehicles.selfNo, q.q), sql`${vehicles.modelId} in (select ${vehicleModels.id} from ${vehicleModels} where ${ofTenant(vehicleModels, scope)} and ${containing(vehicleModels.name, q.q)})`));
  if (q.type) conditions.push(eq(vehicles.vehicleType, q.type));
  if (q.modelId) conditions.push(eq(vehicles.modelId, Number(q.modelId)));
  if (q.orgId) conditions.push(eq(vehicles.orgId, Number(q.orgId)));
  if (q.state) conditions.push(eq(vehicles.state, Number(q.state)));
  return and(...conditions)!;
}

/**
 * One page of the board in ONE round trip: the page's machines, their count, every bar of those machines in the
 * month window (a line of a contract in force, its current revision, drafted to executing), and the filters' choices.
 * The bars' select names the page's machines by the same subquery, so a page of 100 machines costs one read of lines.
 */
export async function loadBoard(scope: RequestScope, q: BoardQuery) {
  const days = monthDays(q.month)!;
  const first = days[0]!;
  const last = days[days.length - 1]!;
  const where = machinesWhere(scope, q);
  const offset = (q.page - 1) * BOARD_PAGE_SIZE;
  const pageIds = scope.db.select({ id: vehicles.id }).from(vehicles).where(where).orderBy(asc(vehicles.plate), asc(vehicles.id)).limit(BOARD_PAGE_SIZE).offset(offset);
  const lineEnd = LINE_END;
  const [machines, totals, bars, orgs, models] = await batch(scope.db, [
    scope.db
      .select({
        id: vehicles.id,
        plate: vehicles.plate,
        selfNo: vehicles.selfNo,
        vehicleType: vehicles.vehicleType,
        state: vehicles.state,
        modelName: sql<string | null>`(select ${vehicleModels.name} from ${vehicleModels} where ${vehicleModels.id} = ${vehicles.modelId})`.as("model_name"),
        orgName: sql<string | null>`(select ${organisations.name} from ${organisations} where ${organisations.id} = ${vehicles.orgId})`.as("org_name"),
      })
      .from(vehicles)
      .where(where)
      .orderBy(asc(vehicles.plate), asc(vehicles.id))
      .limit(BOARD_PAGE_SIZE)
      .offset(offset),
    scope.db.select({ n: count() }).from(vehicles).where(where),
    scope.db
      .select({
        // every column named apart: a batched select's rows come back by column name (db/client.ts batchableSelect)
        lineId: sql<number>`${contractLines.id}`.as("line_id"),
        vehicleId: sql<number>`${contractLines.vehicleId}`.as("vehicle_id"),
        contractId: sql<number>`${contracts.id}`.as("contract_id"),
        number: sql<string>`${contracts.number}`.as("contract_number"),
        customer: sql<string | null>`(select ${customers.name} from ${customers} where ${customers.id} = ${contracts.customerId})`.as("customer"),
        state: sql<number>`${contracts.state}`.as("contract_state"),
        from: sql<string>`${contractLines.onRentOn}`.as("from_day"),
        to: lineEnd.as("to_day"),
      })
      .from(contractLines)
      .innerJoin(contracts, and(eq(contracts.id, contractLines.contractId), sameTenant(contracts, contractLines)))
      .where(
        and(
          ofTenant(contractLines, scope),
          inArray(contractLines.vehicleId, pageIds),
          lte(contractLines.onRentOn, last),
          or(isNull(lineEnd), gte(lineEnd, first)),
          eq(contracts.current, 1),
          inArray(contracts.state, Object.values(BOARD_STATES)),
        ),
      ),
    scope.db.select({ value: organisations.id, label: organisations.name }).from(organisations).where(and(ofTenant(organisations, scope), assignableOrgsWhere(scope))).orderBy(organisations.sort, organisations.id),
    scope.db.select({ value: vehicleModels.id, label: vehicleModels.name }).from(vehicleModels).where(ofTenant(vehicleModels, scope)).orderBy(vehicleModels.name),
  ]);
  const byVehicle: Record<number, BoardBar[]> = {};
  for (const bar of bars as BoardBar[]) (byVehicle[bar.vehicleId] ??= []).push(bar);
  return {
    query: q,
    days,
    today: todayInZone(scope.user.timeZone),
    machines: machines.map((m) => ({ ...m, bars: byVehicle[m.id] ?? [] })),
    total: totals[0]?.n ?? 0,
    pageSize: BOARD_PAGE_SIZE,
    options: { orgId: orgs.map((o) => ({ value: String(o.value), label: o.label })), modelId: models.map((o) => ({ value: String(o.value), label: o.label })) },
  };
}

export type BoardData = Awaited<ReturnType<typeof loadBoard>>;
