// alarmMgr: the plain resource screen of the alarm kinds, with the tab to the rules' thresholds (/alarmMgr/rules).
import { ResourcePage } from "~/modules/resource/resource-page";
import { AlarmTabs } from "~/modules/system/alarm-tabs";
import { alarmSettingView } from "~/modules/system/settings.resource";
export { ErrorBoundary, meta } from "~/modules/screens/resource-screen";
export { plainAction as action, plainLoader as loader } from "~/modules/screens/resource-screen.server";

export default function AlarmMgr() {
  return (
    <>
      <AlarmTabs />
      <ResourcePage view={alarmSettingView} />
    </>
  );
}
