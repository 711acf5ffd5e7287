import { defineManifest } from "~/modules/resource/manifest";
import { leadOptions, leadResource } from "./lead.server";

/** What this domain adds to the house (docs/architecture.md, "Domain manifests"). */
export default defineManifest({
  resources: {
    lead: { resource: leadResource, options: leadOptions },
  },
});
