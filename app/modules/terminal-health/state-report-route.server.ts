import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { and, eq } from "drizzle-orm";
import { vehicles } from "../../../db/schema";
import { tenantWhere } from "../../../db/tenant";
import { visibleVehiclesWhere } from "../../../db/rules/data-scope";
import { requireScope, type RequestScope } from "~/modules/access/access.server";
import { readPreferences } from "~/modules/auth/preferences.server";
import { reportExport } from "~/modules/reports/export.server";
import { reportRange } from "~/modules/reports/reports.server";
import { machineChoices, STATE_REPORT_PATH } from "./health.server";
import { stateReport } from "./state-report.server";

/** The machine asked for (`?vehicle=`), when the user sees it; else the whole fleet. */
async function chosenMachine(scope: RequestScope, url: URL): Promise<{ id: number; plate: string } | null> {
  const id = Number(url.searchParams.get("vehicle"));
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] = await scope.db.select({ id: vehicles.id, plate: vehicles.plate }).from(vehicles).where(and(tenantWhere(vehicles, scope.user, visibleVehiclesWhere(scope)), eq(vehicles.id, id)));
  return row ?? null;
}

/** /stateReport: the period and machine chosen, the figures, the machines to choose from, whether the user may export. */
export async function stateReportLoader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: STATE_REPORT_PATH });
  const url = new URL(request.url);
  const machine = await chosenMachine(scope, url);
  const [figures, machines] = await Promise.all([stateReport(scope, reportRange(url, scope), readPreferences(request).lang, false, machine?.id ?? null), machineChoices(scope)]);
  return data({ report: { ...figures, canExport: scope.access.permissions.has("stateReport:export") }, machines, vehicle: machine?.id ?? null });
}

/** /stateReport/export: the same figures as Excel (or PDF with `format=pdf`), every row; needs `stateReport:export`. */
export async function stateReportFile({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: STATE_REPORT_PATH, permission: "stateReport:export" });
  const url = new URL(request.url);
  const lang = readPreferences(request).lang;
  const machine = await chosenMachine(scope, url);
  const figures = await stateReport(scope, reportRange(url, scope), lang, true, machine?.id ?? null);
  return reportExport(scope, request, { report: "state", data: figures, lang, filters: machine ? [[lang.startsWith("zh") ? "设备" : "Machine", machine.plate]] : undefined });
}
