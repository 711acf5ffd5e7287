import { useTranslation } from "react-i18next";
import { labelOf } from "~/lib/list/types";
import { alarmRulesView } from "~/modules/settings/settings.views";
import { RouteTabs } from "~/ui/route-tabs";
import { alarmSettingView } from "./settings.resource";

/** /alarmMgr: the alarm kinds (name, level, handling) and the rules' thresholds, both under the 告警设置 menu item. */
export function AlarmTabs() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return <RouteTabs label={labelOf(alarmSettingView.title, lang)} tabs={[alarmSettingView, alarmRulesView].map((v) => ({ to: v.path, label: labelOf(v.title, lang) }))} />;
}
