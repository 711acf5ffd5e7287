import { defineManifest } from "~/modules/resource/manifest";
import { repairApprovalKind, repairDocument, repairOptions, repairResource } from "./repair.server";

/** What 设备维修 adds to the house (docs/architecture.md, "Domain manifests"). */
export default defineManifest({
  resources: { equipmentRepair: { resource: repairResource, options: repairOptions, document: repairDocument } },
  approvalKinds: [repairApprovalKind],
});
