import { defineManifest } from "~/modules/resource/manifest";
import { certificateDocument, certificateOptions, certificateResource } from "./certificate.server";

/** What 证书管理 adds to the house (docs/architecture.md, "Domain manifests"). */
export default defineManifest({
  resources: {
    certificate: {
      resource: certificateResource,
      options: certificateOptions,
      document: certificateDocument,
    },
  },
});
