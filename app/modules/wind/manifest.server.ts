import { defineManifest } from "~/modules/resource/manifest";
import { windProjectDocument, windProjectOptions, windProjectResource } from "./wind-project.server";

/** What 风电管理 adds to the house (docs/architecture.md, "Domain manifests"). */
export default defineManifest({
  resources: {
    windManage: {
      resource: windProjectResource,
      options: windProjectOptions,
      document: windProjectDocument,
    },
  },
});
