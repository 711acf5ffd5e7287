import { defineManifest } from "~/modules/resource/manifest";
import { costOptions, costResource } from "./cost.server";
import { subcontractResource } from "./subcontract.server";

/** What this domain adds to the house (docs/architecture.md, "Domain manifests"). */
export default defineManifest({
  resources: {
    contractCost: { resource: costResource, options: costOptions },
    subcontract: { resource: subcontractResource },
  },
});
