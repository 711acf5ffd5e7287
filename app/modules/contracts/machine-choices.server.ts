/**
 * The contract line's machine finder (查找设备, `/api/vehicles/choices?for=contractLine`): the user's machines whose plate,
 * own number or model contains the text, of the line's type when it names one, each with its type, model and whether
 * it is free over the line's days: free first, else the live contract that holds it then (availability.server.ts's one
 * check of double bookings, which the save applies too).
 */
import { asc, eq, or, sql } from "drizzle-orm";
import { contracts, vehicleModels, vehicles } from "../../../db/schema";
import { visibleVehiclesWhere } from "../../../db/rules/data-scope";
import { tenantOfOuter, tenantWhere } from "../../../db/tenant";
import { parseDay } from "~/lib/calendar";
import { searchText } from "~/lib/list/search";
import type { RequestScope } from "~/modules/access/access.server";
import { containing } from "~/modules/resource/resource.server";
import { ENABLED } from "~/modules/workflow/enablement";
import { lineClashes } from "./availability.server";

/** How many machines the finder lists, and how many it reads to put the free ones first. */
export const FINDER_MAX = 20;
const FINDER_READ = 60;

export interface MachineChoice {
  id: number;
  plate: string;
  selfNo: string | null;
  type: string | null;
  model: string | null;
  /** the live contract holding it on the line's days; null: free */
  heldBy: { number: string; from: string; to: string | null } | null;
}

export interface FinderQuery {
  q: string;
  /** the line's days (`to` empty: open) */
  from: string | null;
  to: string | null;
  /** an equipment type code: only machines of that type */
  type: string | null;
  /** the contract being edited (any revision): its own lines hold nothing against it */
  contractId: number | null;
}

/** Reads the finder's query from the URL: a day that is not a real day, or an id that is not one, is ignored. */
export function finderQuery(url: URL): FinderQuery {
  const p = url.searchParams;
  const id = Number(p.get("contract"));
  const type = p.get("type") ?? "";
  return {
    q: searchText(p.get("q") ?? "").slice(0, 50),
    from: parseDay(p.get("from") ?? "") ? p.get("from") : null,
    to: parseDay(p.get("to") ?? "") ? p.get("to") : null,
    type: /^[\w-]{1,30}$/.test(type) ? type : null,
    contractId: Number.isSafeInteger(id) && id > 0 ? id : null,
  };
}

export async function machineChoices(scope: RequestScope, f: FinderQuery): Promise<MachineChoice[]> {
  const model = sql<string | null>`(select ${vehicleModels.name} from ${vehicleModels} where ${vehicleModels.id} = ${vehicles.modelId} and ${tenantOfOuter(vehicleModels, vehicles)})`;
  const [found, root] = await Promise.all([
    scope.db
      .select({ id: vehicles.id, plate: vehicles.plate, selfNo: vehicles.selfNo, type: vehicles.vehicleType, model: model.as("model_name") })
      .from(vehicles)
      .where(tenantWhere(vehicles, scope, visibleVehiclesWhere(scope), eq(vehicles.state, ENABLED), f.type ? eq(vehicles.vehicleType, f.type) : undefined, f.q ? or(containing(vehicles.plate, f.q), containing(vehicles.selfNo, f.q), containing(model, f.q)) : undefined))
      .orderBy(asc(vehicles.plate), asc(vehicles.id))
      .limit(FINDER_READ),
    f.contractId === null
      ? Promise.resolve([])
      : scope.db
          .select({ root: sql<number>`coalesce(${contracts.rootId}, ${contracts.id})` })
          .from(contracts)
          .where(tenantWhere(contracts, scope, eq(contracts.id, f.contractId))),
  ]);
  // without days, nothing can be said of availability: every machine is listed as it is
  const clashes = f.from ? await lineClashes(scope.db, scope, found.map((v) => ({ vehicleId: v.id, from: f.from!, to: f.to })), root[0]?.root ?? null) : [];
  const choices = found.map((v, i): MachineChoice => {
    const c = clashes.find((x) => x.index === i && x.contractId !== 0);
    return { ...v, heldBy: c ? { number: c.number, from: c.from, to: c.to } : null };
  });
  // the free ones first, each group by plate
  return [...choices.filter((c) => !c.heldBy), ...choices.filter((c) => c.heldBy)].slice(0, FINDER_MAX);
}
