import { reportLoaders } from "~/modules/reports/report-route.server";
import { drivingBehaviourReport } from "~/modules/reports/driving-behaviour.server";

/** 驾驶行为分析 导出: the page's period as .xlsx, or as a PDF with `format=pdf`, every row (a resource route: a document's loader may not answer a file). */
export const loader = reportLoaders("/drivingBehaviorReport", "drivingBehaviour", drivingBehaviourReport).file;
