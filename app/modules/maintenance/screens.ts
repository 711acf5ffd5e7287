import { defineScreens } from "~/modules/screens/define";

/** 保养计划, the spec's screen this domain has built (its tabs are routes under it: docs/preventive-maintenance.md). */
export default defineScreens({ built: ["/maintenancePlan"] });
