import { defineManifest } from "~/modules/resource/manifest";
import { billListResource } from "./bills-list.server";
import { idlePeriodApprovalKind, idlePeriodDocument, idlePeriodOptions, idlePeriodResource } from "./idle-period.server";
import { statementListResource } from "./statements-list.server";

/** What this domain adds to the house (docs/architecture.md, "Domain manifests"). */
export default defineManifest({
  resources: {
    contractBill: { resource: billListResource },
    statement: { resource: statementListResource },
    idlePeriod: { resource: idlePeriodResource, options: idlePeriodOptions, document: idlePeriodDocument },
  },
  approvalKinds: [idlePeriodApprovalKind],
});
