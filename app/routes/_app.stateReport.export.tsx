import { stateReportFile } from "~/modules/terminal-health/state-report-route.server";

/** 状态报表 导出: the page's period and machine as .xlsx, or as a PDF with `format=pdf`, every row (a resource route). */
export const loader = stateReportFile;
