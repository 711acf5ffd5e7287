import { reportLoaders } from "~/modules/reports/report-route.server";
import { mileageReport } from "~/modules/reports/mileage-report.server";

/** 里程报表 导出: the page's period as .xlsx, or as a PDF with `format=pdf`, every row (a resource route: a document's loader may not answer a file). */
export const loader = reportLoaders("/mileageReport", "mileage", mileageReport).file;
