import { defineManifest } from "~/modules/resource/manifest";
import { signPointOptions, signPointResource } from "./sign-points.server";

/** What this domain adds to the house (docs/architecture.md, "Domain manifests"). */
export default defineManifest({
  resources: {
    signPoint: { resource: signPointResource, options: signPointOptions },
  },
});
