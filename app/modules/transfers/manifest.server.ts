import { defineManifest } from "~/modules/resource/manifest";
import { transferApprovalKind, transferDocument, transferOptions, transferResource } from "./transfer.server";

/** What 设备调拨 adds to the house (docs/architecture.md, "Domain manifests"). */
export default defineManifest({
  resources: {
    equipmentTransfer: {
      resource: transferResource,
      options: transferOptions,
      document: transferDocument,
    },
  },
  approvalKinds: [transferApprovalKind],
});
