// areaEquipment (区域设备): the machines that were in a drawn area during a window (app/modules/terminal-health).
import type { MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { AreaPage } from "~/modules/terminal-health/area-page";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export { areaLoader as loader, areaAction as action } from "~/modules/terminal-health/area.server";
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "区域设备", en: "Equipment by Area" }) }];

export default function AreaEquipment() {
  const { t } = useTranslation("screens");
  return <AreaPage title={t("/areaEquipment")} />;
}

export const ErrorBoundary = RouteErrorBoundary;
