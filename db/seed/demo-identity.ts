// The demo tenant's sign-ins and business information, apart from demo.ts, which reads the screen registry (gathered
// by the bundler): the e2e tests and the bench read them under their own loaders.

/** The demo sign-ins printed by `npm start` and used by the e2e tests. */
export const DEMO_USERS = {
  admin: { account: "admin", password: "Admin@2026", name: "系统管理员", phone: "13800000001", email: "admin@derrick.local" },
  dispatcher: { account: "dispatcher", password: "Dispatch@2026", name: "调度员王磊", phone: "13800000002", email: "dispatch@derrick.local" },
  viewer: { account: "viewer", password: "Viewer@2026", name: "只读用户李娜", phone: "13800000003", email: "viewer@derrick.local" },
  /** a dispatcher of 上海项目部: sees only that project's vehicles (data scope), applies for others on /dataPermission */
  project: { account: "shanghai", password: "Shanghai@2026", name: "上海项目部张敏", phone: "13800000004", email: "shanghai@derrick.local" },
  /** the second approver: an administrator who decides what the first submits (nobody approves their own contract) */
  manager: { account: "manager", password: "Manager@2026", name: "业务经理陈刚", phone: "13800000005", email: "manager@derrick.local" },
} as const;

/** The demo tenant's business information (/tenantConfig). */
/** The demo's mail settings (/zhongtaiMailSet): the push on, so a statement 发送给客户 by e-mail reaches the outbox. */
export const DEMO_MAIL = { enabled: "1", senderName: "德瑞克租赁财务部", senderAddress: "finance@derrick-demo.cn", subjectPrefix: "[德瑞克]", recipients: "" };

export const DEMO_BUSINESS_INFO = {
  companyName: "德瑞克起重设备租赁有限公司",
  shortName: "德瑞克租赁",
  contact: "王建华",
  phone: "021-58881234",
  address: "上海市浦东新区张江路88号",
  logoFileId: "",
};
