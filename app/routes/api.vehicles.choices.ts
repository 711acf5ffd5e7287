import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiJson, requireApiScope } from "~/modules/access/access.server";
import { CONTRACT_EDIT_CODE } from "~/modules/contracts/contracts.resource";
import { finderQuery, machineChoices } from "~/modules/contracts/machine-choices.server";
import { searchVehicles, type VehicleChoice } from "~/modules/telematics/vehicle-choice.server";

/** What each picker offers, and the screen that must be granted to ask. */
const PICKERS: Record<string, { screen: string; choice: VehicleChoice }> = {
  // authorized vehicles of a user: only vehicles the editing user can see
  userManage: { screen: "/userManage", choice: "visible" },
  // a data permission is asked for vehicles the user cannot see yet
  dataPermission: { screen: "/dataPermission", choice: "outside" },
  // lock tasks and upgrade tasks name machines the user sees
  lockCarManage: { screen: "/lockCarManage", choice: "visible" },
};

/**
 * The vehicle pickers' search: ?for=userManage|dataPermission|lockCarManage&q= → up to 20 vehicles (app/widgets/vehicle-picker.tsx);
 * ?for=contractLine&q=&from=&to=&type=&contract= → up to 20 machines with type, model and who holds them on those days
 * (the contract line's finder, app/modules/contracts/machine-finder.tsx).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const asked = url.searchParams.get("for") ?? "";
  if (asked === "contractLine") {
    const scope = await requireApiScope(request, context, { screen: "/contractList" });
    // for whoever writes contracts: a reader has no line to fill
    if (!scope.access.permissions.has("contractList:add") && !scope.access.permissions.has(CONTRACT_EDIT_CODE)) return apiJson({ code: 403, message: "Forbidden" }, { status: 403 });
    return apiJson({ code: 200, data: await machineChoices(scope, finderQuery(url)) });
  }
  const picker = PICKERS[asked];
  if (!picker) return apiJson({ code: 400, message: "for must be userManage, dataPermission, lockCarManage or contractLine" }, { status: 400 });
  const scope = await requireApiScope(request, context, { screen: picker.screen });
  const rows = await searchVehicles(scope, url.searchParams.get("q") ?? "", picker.choice);
  return apiJson({ code: 200, data: rows });
}
