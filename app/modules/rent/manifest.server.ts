import { defineManifest } from "~/modules/resource/manifest";
import { outcarOptions, outcarResource } from "./outcar.server";

/** What this domain adds to the house (docs/architecture.md, "Domain manifests"). */
export default defineManifest({
  resources: {
    outcarRecord: { resource: outcarResource, options: outcarOptions },
  },
});
