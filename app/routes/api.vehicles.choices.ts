import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiJson, requireApiScope } from "~/modules/access/access.server";
import { searchVehicles, type VehicleChoice } from "~/modules/telematics/vehicle-choice.server";

/** What each picker offers, and the screen that must be granted to ask. */
const PICKERS: Record<string, { screen: string; choice: VehicleChoice }> = {
  // authorized vehicles of a user: only vehicles the editing user can see
  userManage: { screen: "/userManage", choice: "visible" },
  // a data permission is asked for vehicles the user cannot see yet
  dataPermission: { screen: "/dataPermission", choice: "outside" },
};

/** The vehicle picker's search (app/widgets/vehicle-picker.tsx): ?for=userManage|dataPermission&q= → up to 20 vehicles. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const picker = PICKERS[url.searchParams.get("for") ?? ""];
  if (!picker) return apiJson({ code: 400, message: "for must be userManage or dataPermission" }, { status: 400 });
  const scope = await requireApiScope(request, context, { screen: picker.screen });
  const rows = await searchVehicles(scope, url.searchParams.get("q") ?? "", picker.choice);
  return apiJson({ code: 200, data: rows });
}
