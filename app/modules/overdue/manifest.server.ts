import { visibleOrgRowWhere } from "../../../db/rules/data-scope";
import { collectionActions } from "../../../db/schema";
import { defineManifest } from "~/modules/resource/manifest";
import { OVERDUE_PATH } from "./overdue";
import { collectionApprovalKind } from "./collection.server";

/** What this domain adds to the house (docs/architecture.md, "Domain manifests"). */
export default defineManifest({
  approvalKinds: [collectionApprovalKind],
  // a collection act's documents (lawsuits), on the overdue contract's page, by the act's organisation
  fileHolders: [{ table: collectionActions, column: collectionActions.attachments, screen: OVERDUE_PATH, where: (scope) => visibleOrgRowWhere(scope, collectionActions.orgId) }],
});
