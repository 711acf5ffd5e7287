/**
 * The kinds of document that go through approval: the to-do, the approval flows settings and the history read them
 * from here. A new kind (a contract, a bill) adds its ApprovalKind to this list.
 */
import { applicationApprovalKind } from "~/modules/system/application.server";
import { dataPermissionApprovalKind } from "~/modules/system/data-permission.server";
import { contractApprovalKind } from "~/modules/contracts/contracts.server";
import { prizeApprovalKind } from "~/modules/prizes/prize.server";
import { overtimeSettlementApprovalKind, settlementApprovalKind } from "~/modules/settlement/settlement.server";
import { tempCraneApprovalKind } from "~/modules/temp-crane/temp-crane.server";
import { collectionApprovalKind } from "~/modules/overdue/collection.server";
import type { ApprovalKind } from "./approval.server";

export const APPROVAL_KINDS: readonly ApprovalKind[] = [dataPermissionApprovalKind, applicationApprovalKind, contractApprovalKind, tempCraneApprovalKind, prizeApprovalKind, collectionApprovalKind, settlementApprovalKind, overtimeSettlementApprovalKind];
