import type { Translation } from "../types";
import type zh from "../zh-CN/system";

export default {
  organisation: {
    name: "Name",
    parent: "Parent",
    sort: "Order",
    rootLocked: "The root cannot be edited, deleted or moved",
    parentSelf: "An organisation cannot be its own parent",
    parentBelow: "An organisation cannot move below itself",
    duplicateName: "This parent already has an organisation with that name",
    hasChildren: "This organisation still has sub-organisations; it cannot be deleted",
    hasUsers: "Users still belong to this organisation; it cannot be deleted",
    addChild: "Add sub-organisation",
    root: "Root",
    selectNode: "Choose an organisation on the left",
    users: "{{count}} users",
  },
  mail: {
    testSent: "A test e-mail went to {{count}} recipients (see the message outbox while no mail provider is set)",
  },
  user: {
    enable: "Enable",
    disable: "Disable",
    enableConfirm: "Enable this user?",
    disableConfirm: "Disable this user? They will no longer be able to sign in.",
    resetPassword: "Reset password",
    newPassword: "New password",
    confirmPassword: "Confirm password",
    cannotDeleteSelf: "You cannot delete the account you are signed in with",
    cannotDisableSelf: "You cannot disable the account you are signed in with",
  },
  userVehicles: {
    search: "Search by plate or terminal number",
    searching: "Searching…",
    noMatch: "No matching vehicle",
    searchFailed: "The vehicle search failed; try again",
    remove: "Remove {{plate}}",
    selected: "{{count}} selected",
    none: "No vehicle chosen",
    platesHint: "One plate number a line",
    outOfScope: "These vehicles do not exist or are outside your data scope: {{value}}",
    tooMany: "At most 500 authorized vehicles",
  },
} satisfies Translation<typeof zh>;
