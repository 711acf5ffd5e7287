import { reportLoaders } from "~/modules/reports/report-route.server";
import { engineeringEquipmentList } from "~/modules/reports/equipment.server";

/** 工程设备清单 导出: the page's period as .xlsx, or as a PDF with `format=pdf` (a resource route: a document's loader may not answer a file). */
export const loader = reportLoaders("/engineeringEquipmentList", "equipmentList", engineeringEquipmentList).file;
