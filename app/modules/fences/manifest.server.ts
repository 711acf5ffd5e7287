import { defineManifest } from "~/modules/resource/manifest";
import { fenceResource, lineResource } from "./fence.server";

/**
 * What 围栏管理 adds to the house (docs/architecture.md, "Domain manifests"): its fences and routes, so the Excel export
 * and the generic tests (isolation, races, hostile input and search) walk them. Both are drawn and saved on the one
 * map screen, which takes the generic writes (`create`, `update`, `delete`) with the form's `kind` naming which.
 */
export default defineManifest({
  resources: {
    fence: { resource: fenceResource },
    line: { resource: lineResource },
  },
});
