// equipmentHeatMap (设备热力图): where the vehicles were over a range (app/modules/playback).
import type { MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { HeatMapPage } from "~/modules/playback/heat-map-page";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export { heatLoader as loader } from "~/modules/playback/playback.server";
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "设备热力图", en: "Equipment Heat Map" }) }];

export default function EquipmentHeatMap() {
  const { t } = useTranslation("screens");
  return <HeatMapPage title={t("/equipmentHeatMap")} />;
}

export const ErrorBoundary = RouteErrorBoundary;
