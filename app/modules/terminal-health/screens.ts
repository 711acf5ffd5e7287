import { defineScreens } from "~/modules/screens/define";

/**
 * 状态报表 (with its tabs 在线状态 and 健康检测 under the same menu item) and 区域设备, the spec's device screens this
 * domain has built (docs/terminal-health.md). Runs, handling and retests of health tests need `stateReport:edit`.
 */
export default defineScreens({ built: ["/stateReport", "/areaEquipment"] });
