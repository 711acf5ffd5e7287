/** Texts of the system administration screens. */
export default {
  menu: {
    hasChildren: "存在子菜单，不能删除",
  },
  role: {
    grant: "权限配置",
    grantTitle: "权限配置 · {{name}}",
    menus: "菜单权限",
    codes: "功能权限",
    inUse: "该角色下仍有用户，不能删除",
    selectAllMenus: "全部菜单",
  },
  user: {
    enable: "启用",
    disable: "停用",
    enableConfirm: "确定启用该用户吗？",
    disableConfirm: "确定停用该用户吗？停用后该用户将无法登录。",
    resetPassword: "重置密码",
    newPassword: "新密码",
    confirmPassword: "确认密码",
    cannotDeleteSelf: "不能删除当前登录的账号",
    cannotDisableSelf: "不能停用当前登录的账号",
  },
} as const;
