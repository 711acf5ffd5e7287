import { useTranslation } from "react-i18next";
import { RouteTabs } from "~/ui/route-tabs";
import { MAINTENANCE_PATH } from "./maintenance";
import { MAINTENANCE } from "./texts/maintenance";

const TABS = [
  { to: MAINTENANCE_PATH, key: "tabDue" },
  { to: `${MAINTENANCE_PATH}/plans`, key: "tabPlans" },
  { to: `${MAINTENANCE_PATH}/records`, key: "tabRecords" },
  { to: `${MAINTENANCE_PATH}/readings`, key: "tabReadings" },
] as const;

/** 保养计划's four lists, one tab each, all under the /maintenancePlan menu item. */
export function MaintenanceTabs() {
  const { t } = useTranslation(MAINTENANCE);
  return <RouteTabs label={t("tabs")} tabs={TABS.map((tab) => ({ to: tab.to, label: t(tab.key) }))} />;
}
