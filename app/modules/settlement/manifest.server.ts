import { defineManifest } from "~/modules/resource/manifest";
import { overtimeSettlementApprovalKind, overtimeSettlementResource, settlementApprovalKind, settlementOptions, settlementRecordResource, settlementResource } from "./settlement.server";

/** What this domain adds to the house (docs/architecture.md, "Domain manifests"). */
export default defineManifest({
  resources: {
    settlement: { resource: settlementResource, options: settlementOptions },
    overtimeSettlement: { resource: overtimeSettlementResource, options: settlementOptions },
    settlementRecord: { resource: settlementRecordResource },
  },
  approvalKinds: [settlementApprovalKind, overtimeSettlementApprovalKind],
});
