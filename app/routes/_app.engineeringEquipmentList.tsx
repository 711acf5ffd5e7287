import type { MetaFunction } from "@remix-run/cloudflare";
import { periodReport } from "~/modules/reports/report-page";
import { reportLoaders } from "~/modules/reports/report-route.server";
import { engineeringEquipmentList } from "~/modules/reports/equipment.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "工程设备清单", en: "Engineering Equipment List" }) }];

/** /engineeringEquipmentList 工程设备清单: every machine with its type, state, project, days on rent and hours over the period (the files are the .export route). */
export const loader = reportLoaders("/engineeringEquipmentList", "equipmentList", engineeringEquipmentList).page;

export default periodReport("/engineeringEquipmentList", "equipmentList");

export const ErrorBoundary = RouteErrorBoundary;
