import { reportLoaders } from "~/modules/reports/report-route.server";
import { onlineReport } from "~/modules/reports/online-report.server";

/** 在线离线报表 导出: the page's period as .xlsx, or as a PDF with `format=pdf`, every row (a resource route: a document's loader may not answer a file). */
export const loader = reportLoaders("/onlineReport", "online", onlineReport).file;
