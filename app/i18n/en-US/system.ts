import type { Translation } from "../types";
import type zh from "../zh-CN/system";

export default {
  menu: {
    hasChildren: "This menu has sub-menus and cannot be deleted",
  },
  role: {
    grant: "Permissions",
    grantTitle: "Permissions · {{name}}",
    menus: "Menus",
    codes: "Functions",
    inUse: "Users still hold this role; it cannot be deleted",
    selectAllMenus: "All menus",
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
} satisfies Translation<typeof zh>;
