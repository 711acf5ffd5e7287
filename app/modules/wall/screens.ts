import { defineScreens, type ScreenTab } from "~/modules/screens/define";

/** 大屏链接: the screen links, a tab of 租户配置 (docs/big-screens.md). */
export const SCREEN_LINKS_TAB: ScreenTab = { of: "/tenantConfig", to: "/tenantConfig/screenLinks", label: { zh: "大屏链接", en: "Screen Links" } };

/** The big screens built so far (app/routes/<path>.tsx), and the links' tab. */
export default defineScreens({ built: ["/homeworkScreen", "/customerScreen", "/customerScreenInfo", "/towerScreen", "/competitionScreen"], tabs: [SCREEN_LINKS_TAB] });
