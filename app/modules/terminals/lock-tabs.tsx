import { useTranslation } from "react-i18next";
import { RouteTabs } from "~/ui/route-tabs";
import { TERMINALS } from "./texts/terminals";
import { LOCK_PATH, LOCK_RECORDS_PATH, OTA_TASKS_PATH, PACKAGES_PATH } from "./terminals";

const TABS = [
  { to: LOCK_PATH, key: "tabTasks" },
  { to: LOCK_RECORDS_PATH, key: "tabRecords" },
  { to: PACKAGES_PATH, key: "tabPackages" },
  { to: OTA_TASKS_PATH, key: "tabUpgrades" },
] as const;

/** 锁车管理's four lists, one tab each under the one menu item (OTA's packages and upgrade tasks among them). */
export function LockTabs() {
  const { t } = useTranslation(TERMINALS);
  return <RouteTabs label={t("tabs")} tabs={TABS.map((tab) => ({ to: tab.to, label: t(tab.key) }))} />;
}
