import { alarmSettingView, buildCompanyView, depositoryView } from "~/modules/system/settings.resource";
import type { ResourceView } from "~/lib/list/types";

/** Views served entirely by the generic screen (app/screens/resource-screen.tsx); their route files are one line. */
export const PLAIN_VIEWS: ResourceView[] = [alarmSettingView, buildCompanyView, depositoryView];
