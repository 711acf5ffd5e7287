import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiJson, requireApiScope } from "~/modules/access/access.server";
import { MONITOR_PATH, vehicleDetail } from "~/modules/monitor/monitor.server";

/** One visible vehicle's full live state (null before its first report) for the monitoring screen's info panel; a vehicle the user may not see answers 404. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireApiScope(request, context, { screen: MONITOR_PATH });
  const id = Number(new URL(request.url).searchParams.get("id"));
  if (!Number.isInteger(id) || id <= 0) return apiJson({ code: 400, message: "id must be a positive integer" }, { status: 400 });
  const vehicle = await vehicleDetail(scope, id);
  if (vehicle === undefined) return apiJson({ code: 404, message: "not found" }, { status: 404 });
  return apiJson({ code: 200, data: vehicle });
}
