import { defineManifest } from "~/modules/resource/manifest";
import { prizeApprovalKind, prizeOptions, prizeResource } from "./prize.server";

/** What this domain adds to the house (docs/architecture.md, "Domain manifests"). */
export default defineManifest({
  resources: {
    prizeNomination: { resource: prizeResource, options: prizeOptions },
  },
  approvalKinds: [prizeApprovalKind],
});
