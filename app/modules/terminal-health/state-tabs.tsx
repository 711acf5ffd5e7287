import { useTranslation } from "react-i18next";
import { RouteTabs } from "~/ui/route-tabs";
import { TERMINAL_HEALTH } from "./texts/terminalHealth";

const TABS = [
  { to: "/stateReport", key: "states" },
  { to: "/stateReport/online", key: "online" },
  { to: "/stateReport/health", key: "health" },
] as const;

/** 状态报表's three pages, one tab each, all under the /stateReport menu item. */
export function StateTabs() {
  const { t } = useTranslation(TERMINAL_HEALTH);
  return (
    <div className="px-4 pt-3">
      <RouteTabs label={t("tabs.label")} tabs={TABS.map((tab) => ({ to: tab.to, label: t(`tabs.${tab.key}`) }))} />
    </div>
  );
}
