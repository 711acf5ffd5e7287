import type { ResourceView } from "~/lib/list/types";
import { alarmSettingView, buildCompanyView, depositoryView } from "./settings.resource";

/** System's screens served whole by the generic screen (app/modules/screens/resource-screen.tsx): their route files are one line. */
export default [alarmSettingView, buildCompanyView, depositoryView] satisfies ResourceView[];
