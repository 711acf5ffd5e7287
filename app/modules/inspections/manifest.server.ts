import { sql } from "drizzle-orm";
import { defineManifest } from "~/modules/resource/manifest";
import type { FileHolder } from "~/modules/files/file-holder";
import { visibleVehicleIdWhere } from "../../../db/rules/data-scope";
import { tenantOfOuter } from "../../../db/tenant";
import { abnormalityDocument, abnormalityOptions, abnormalityResource } from "./abnormality.server";
import { planDocument, planOptions, planResource } from "./plan.server";
import { procedureDocument, procedureResource } from "./procedure.server";
import { recordResource } from "./record.server";
import { inspectionRecords, recordItems } from "./tables.server";

/** A record's photos and signature are seen with the record: its machine in the user's scope. */
const itemPhotos = (screen: string): FileHolder => ({
  table: recordItems,
  column: recordItems.photos,
  screen,
  where: (scope) => {
    const visible = visibleVehicleIdWhere(scope, inspectionRecords.vehicleId);
    return visible ? sql`exists (select 1 from ${inspectionRecords} where ${inspectionRecords.id} = ${recordItems.recordId} and ${tenantOfOuter(inspectionRecords, recordItems)} and ${visible})` : undefined;
  },
});

/** What 工序管理, 巡检计划, 个人巡检 and 异常上报 add to the house (docs/architecture.md, "Domain manifests"). */
export default defineManifest({
  resources: {
    procedureManage: { resource: procedureResource, options: async () => ({}), document: procedureDocument },
    inspectionPlan: { resource: planResource, options: planOptions, document: planDocument },
    inspectionRecord: { resource: recordResource },
    abnormalReport: { resource: abnormalityResource, options: abnormalityOptions, document: abnormalityDocument },
  },
  fileHolders: [itemPhotos("/personalInspection"), itemPhotos("/inspectionPlan")],
});
