import { defineScreens } from "~/modules/screens/define";

/** 工序管理, 巡检计划, 个人巡检 and 异常上报, the spec's screens this domain has built (docs/maintenance.md). */
export default defineScreens({ built: ["/procedureManage", "/inspectionPlan", "/personalInspection", "/abnormalReport"] });
