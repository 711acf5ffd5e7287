import { reportLoaders } from "~/modules/reports/report-route.server";
import { towerWorkReport } from "~/modules/reports/tower-report.server";

/** TJWS作业报表 导出: the page's period as .xlsx, or as a PDF with `format=pdf` (a resource route: a document's loader may not answer a file). */
export const loader = reportLoaders("/tjwsWorkingReport", "towerWork", towerWorkReport).file;
