import { defineManifest } from "~/modules/resource/manifest";
import { towerDocDocument, towerDocOptions, towerDocResource } from "./tower-doc.server";

/** What 塔吊档案 adds to the house (docs/architecture.md, "Domain manifests"). */
export default defineManifest({
  resources: {
    towerDocument: {
      resource: towerDocResource,
      options: towerDocOptions,
      document: towerDocDocument,
    },
  },
});
