// /alarmMgr/rules: the FleetHub's alarm thresholds, a settings form (app/modules/settings) below the 告警设置 menu item.
import type { MetaFunction } from "@remix-run/cloudflare";
import { SettingsPage } from "~/modules/settings/settings-page";
import { alarmRulesView } from "~/modules/settings/settings.views";
import { AlarmTabs } from "~/modules/system/alarm-tabs";
import { pageTitle } from "~/lib/page-title";
export { ErrorBoundary } from "~/modules/screens/settings-screen";
export { settingsScreenAction as action, settingsScreenLoader as loader } from "~/modules/screens/settings-screen.server";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, alarmRulesView.title) }];

export default function AlarmRules() {
  return <SettingsPage view={alarmRulesView} tabs={<AlarmTabs />} />;
}
