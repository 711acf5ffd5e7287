import { reportLoaders } from "~/modules/reports/report-route.server";
import { engineeringEquipment } from "~/modules/reports/equipment.server";

/** 工程设备 导出: the page's period as .xlsx, or as a PDF with `format=pdf` (a resource route: a document's loader may not answer a file). */
export const loader = reportLoaders("/engineeringEquipment", "equipment", engineeringEquipment).file;
