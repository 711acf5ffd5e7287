import { defineScreens } from "~/modules/screens/define";

/** The spec's wind screens this domain has built: 风电管理, 风电监控大屏 and 风电业主大屏 (docs/big-screens.md). */
export default defineScreens({ built: ["/windManage", "/windScreen", "/windScreenOwner"] });
