import { defineManifest } from "~/modules/resource/manifest";
import { certificateDocument, certificateOptions, certificateResource } from "./certificate.server";
import { licenseDocument, licenseResource } from "./license.server";

/** What 证书管理 adds to the house (docs/architecture.md, "Domain manifests"). */
export default defineManifest({
  resources: {
    certificate: {
      resource: certificateResource,
      options: certificateOptions,
      document: certificateDocument,
    },
    license: {
      resource: licenseResource,
      options: async () => ({}),
      document: licenseDocument,
    },
  },
});
