import type { MetaFunction } from "@remix-run/cloudflare";
import { periodReport } from "~/modules/reports/report-page";
import { reportLoaders } from "~/modules/reports/report-route.server";
import { engineeringEquipment } from "~/modules/reports/equipment.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "工程设备", en: "Engineering Equipment" }) }];

/** /engineeringEquipment 工程设备: the construction machinery by type, state and project over the period (the files are the .export route). */
export const loader = reportLoaders("/engineeringEquipment", "equipment", engineeringEquipment).page;

export default periodReport("/engineeringEquipment", "equipment");

export const ErrorBoundary = RouteErrorBoundary;
