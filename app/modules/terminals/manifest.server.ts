import { defineManifest } from "~/modules/resource/manifest";
import { lockApprovalKind, lockTaskResource } from "./lock.server";
import { lockRecordResource } from "./lock-record.server";
import { otaTaskResource } from "./ota-task.server";
import { packageResource } from "./package.server";

/** What 锁车管理 adds to the house (docs/architecture.md, "Domain manifests"; docs/terminals.md). */
export default defineManifest({
  resources: {
    lockTask: { resource: lockTaskResource },
    lockRecord: { resource: lockRecordResource },
    otaPackage: { resource: packageResource },
    otaTask: { resource: otaTaskResource },
  },
  approvalKinds: [lockApprovalKind],
});
