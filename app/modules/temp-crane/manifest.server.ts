import { defineManifest } from "~/modules/resource/manifest";
import { tempCraneApprovalKind, tempCraneOptions, tempCraneResource } from "./temp-crane.server";

/** What this domain adds to the house (docs/architecture.md, "Domain manifests"). */
export default defineManifest({
  resources: {
    tempCrane: { resource: tempCraneResource, options: tempCraneOptions },
  },
  approvalKinds: [tempCraneApprovalKind],
});
