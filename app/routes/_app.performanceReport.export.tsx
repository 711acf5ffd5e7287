import { reportLoaders } from "~/modules/reports/report-route.server";
import { performanceReport } from "~/modules/reports/performance.server";

/** 绩效报表 导出: the page's period as .xlsx, or as a PDF with `format=pdf` (a resource route: a document's loader may not answer a file). */
export const loader = reportLoaders("/performanceReport", "performance", performanceReport).file;
