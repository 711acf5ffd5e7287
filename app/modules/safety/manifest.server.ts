import { sql } from "drizzle-orm";
import { tenantOfOuter } from "../../../db/tenant";
import type { RequestScope } from "~/modules/access/access.server";
import { defineManifest } from "~/modules/resource/manifest";
import { accidentApprovalKind, accidentDocument, accidentOptions, accidentResource } from "./accident.server";
import { hazardDocument, hazardOptions, hazardResource } from "./hazard.server";
import { reformView } from "./reform.resource";
import { reformDocument, reformOptions, reformResource } from "./reform.server";
import { checkDocument, checkOptions, checkResource } from "./safety-check.server";
import { reformScope, safetyReformItems, safetyReforms } from "./safety-tables.server";

/** A notice item's photos are read by who may read its notice. */
const itemOfVisibleNotice = (scope: RequestScope) => {
  const visible = reformScope(scope);
  return visible ? sql`exists (select 1 from ${safetyReforms} where ${safetyReforms.id} = ${safetyReformItems.reformId} and ${tenantOfOuter(safetyReforms, safetyReformItems)} and ${visible})` : undefined;
};

/** What the site-safety screens add to the house (docs/safety.md). */
export default defineManifest({
  resources: {
    safeInspectionCheck: { resource: checkResource, options: checkOptions, document: checkDocument },
    hazardInvestigation: { resource: hazardResource, options: hazardOptions, document: hazardDocument },
    safetyReform: { resource: reformResource, options: reformOptions, document: reformDocument },
    accidentProposal: { resource: accidentResource, options: accidentOptions, document: accidentDocument },
  },
  approvalKinds: [accidentApprovalKind],
  // the photos before and after each rectification item live in the items, not in a resource's own columns
  fileHolders: [
    { table: safetyReformItems, column: safetyReformItems.beforePhotos, screen: reformView.path, where: itemOfVisibleNotice },
    { table: safetyReformItems, column: safetyReformItems.afterPhotos, screen: reformView.path, where: itemOfVisibleNotice },
  ],
});
