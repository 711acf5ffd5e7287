import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiJson, requireApiScope } from "~/modules/access/access.server";
import { MONITOR_PATH, vehicleDetail } from "~/modules/monitor/monitor.server";

/** One visible vehicle's full live state for the monitoring screen's info panel; another's answers 404. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireApiScope(request, context, { screen: MONITOR_PATH });
  const id = Number(new URL(request.url).searchParams.get("id"));
  if (!Number.isInteger(id) || id <= 0) return apiJson({ code: 400, message: "id must be a positive integer" }, { status: 400 });
  const vehicle = await vehicleDetail(scope, id);
  if (!vehicle) return apiJson({ code: 404, message: "not found" }, { status: 404 });
  return apiJson({ code: 200, data: vehicle });
}
