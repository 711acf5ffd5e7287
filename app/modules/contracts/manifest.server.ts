import { defineManifest } from "~/modules/resource/manifest";
import { contractApprovalKind, contractOptions, contractResource } from "./contracts.server";
import { contractPlanResource } from "./plan.server";

/** What this domain adds to the house (docs/architecture.md, "Domain manifests"). */
export default defineManifest({
  resources: {
    contract: { resource: contractResource, options: contractOptions },
    contractPlan: { resource: contractPlanResource },
  },
  approvalKinds: [contractApprovalKind],
});
