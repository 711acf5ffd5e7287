import { and, eq, sql } from "drizzle-orm";
import { batch, type Db } from "../client";
import { appApplications, approvalSteps, dictionaries, dictionaryItems, menus, organisations, roleMenus, rolePermissions, roles, tenantSettings, tenants, userRoles, users } from "../schema";
import { ofTenant, withTenant } from "../tenant";
import { hashPassword } from "../../app/lib/password";
import { SCREEN_GROUPS, SCREENS, type ScreenDef } from "../../app/modules/screens/registry";
import { EXTRA_PERMISSION_ACTIONS } from "../../app/modules/system/role.resource";
import { DEMO_BUSINESS_INFO, DEMO_MAIL, DEMO_USERS } from "./demo-identity";

export { DEMO_BUSINESS_INFO, DEMO_USERS } from "./demo-identity";

type Batch<T> = [PromiseLike<T>, ...PromiseLike<T>[]];
const chunks = <T>(rows: T[], size: number): T[][] => Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));

export const PERMISSION_ACTIONS = ["view", "add", "edit", "delete", "export", "import"] as const;

const DISPATCH_GROUPS = new Set(["home", "rent", "contract", "device", "dispatch", "report", "bigScreen"]);
/** Screens of other groups a dispatcher works in: the live monitoring map and track history (the hub's screens). */
const DISPATCH_SCREENS = new Set(["/equipmentMonitor", "/historyTrack"]);
const VIEWER_GROUPS = new Set(["home", "report"]);

/** Menu rows for a tenant from the screen registry: one per group, one per screen (sign-in pages excluded). */
export function menuRowsFor(tenantId: number) {
  const groupRows = SCREEN_GROUPS.filter((g) => g.key !== "auth").map((g) => ({
    tenantId,
    privisId: g.privisId,
    parent: "0",
    name: g.zh,
    nameEn: g.en,
    privis: `group_${g.key}`,
    routerPath: null,
    sort: g.sort,
    state: 1,
    type: 0,
    icon: g.icon,
  }));
  const groupId = new Map(SCREEN_GROUPS.map((g) => [g.key, g.privisId]));
  const screenRows = SCREENS.filter((s) => s.group !== "auth").map((s: ScreenDef, i) => ({
    tenantId,
    privisId: s.privisId,
    parent: groupId.get(s.group) ?? "0",
    name: s.zh,
    nameEn: s.en,
    privis: s.privis,
    routerPath: s.path,
    sort: i,
    state: s.inMenu ? 1 : 0,
    // menu leaves reset the breadcrumb to themselves; detail screens append to the trail
    type: s.inMenu ? 5 : 2,
    home: s.path === "/manageWork" ? 1 : 0,
    icon: null,
  }));
  return [...groupRows, ...screenRows];
}

export interface SeededTenant {
  tenantId: number;
  rootOrgId: number;
  roleIds: { admin: number; dispatcher: number; viewer: number };
  userIds: Record<string, number>;
}

/**
 * Creates a tenant with its organisation tree, menus, the three roles and the given users.
 * Used by the demo seed and, with other codes and accounts, by tests that need a second tenant.
 */
export async function seedTenant(
  db: Db,
  opts: {
    code: string;
    name: string;
    companyKind?: number;
    orgs?: { name: string; children?: { name: string; children?: { name: string }[] }[] };
    users: { role: "admin" | "dispatcher" | "viewer"; account: string; password: string; name: string; phone?: string; email?: string; isAdmin?: boolean; expiresAt?: number | null; state?: number }[];
  },
): Promise<SeededTenant> {
  const [tenant] = await db.insert(tenants).values({ code: opts.code, name: opts.name, companyKind: opts.companyKind ?? 1 }).returning({ id: tenants.id });
  const tenantId = tenant!.id;

  const tree = opts.orgs ?? { name: opts.name };
  const insertOrg = async (node: { name: string; children?: { name: string; children?: { name: string }[] }[] }, parentId: number | null, sort: number): Promise<number> => {
    const [row] = await db.insert(organisations).values({ tenantId, parentId, name: node.name, sort }).returning({ id: organisations.id });
    for (const [i, child] of (node.children ?? []).entries()) await insertOrg(child, row!.id, i);
    return row!.id;
  };
  const rootOrgId = await insertOrg(tree, null, 0);

  const menuRows = menuRowsFor(tenantId);
  // D1 binds at most 100 values a statement: menus six rows a statement, grants and codes thirty, all in one batch each
  const inserted = (await batch(db, chunks(menuRows, 6).map((rows) => db.insert(menus).values(rows).returning({ id: menus.id, privisId: menus.privisId, routerPath: menus.routerPath, privis: menus.privis })) as unknown as Batch<{ id: number; privisId: string; routerPath: string | null; privis: string }[]>)).flat();
  const groupOf = new Map(SCREENS.map((s) => [s.privisId, s.group]));
  const groupKeyOfId = new Map(SCREEN_GROUPS.map((g) => [g.privisId, g.key]));
  const menuGroup = (m: { privisId: string }) => groupOf.get(m.privisId) ?? groupKeyOfId.get(m.privisId);

  const [adminRole] = await db.insert(roles).values({ tenantId, name: "系统管理员", description: "全部菜单和功能权限" }).returning({ id: roles.id });
  const [dispatchRole] = await db.insert(roles).values({ tenantId, name: "调度员", description: "租赁、合同、设备、调度和报表" }).returning({ id: roles.id });
  const [viewerRole] = await db.insert(roles).values({ tenantId, name: "只读用户", description: "工作台和报表，只能查看" }).returning({ id: roles.id });
  const roleIds = { admin: adminRole!.id, dispatcher: dispatchRole!.id, viewer: viewerRole!.id };

  const dispatchScreenGroups = new Set(inserted.filter((m) => m.routerPath && DISPATCH_SCREENS.has(m.routerPath)).map((m) => menuGroup(m) ?? ""));
  const grants: { tenantId: number; roleId: number; menuId: number }[] = [];
  const codes: { tenantId: number; roleId: number; code: string }[] = [];
  for (const m of inserted) {
    const group = menuGroup(m) ?? "";
    // a screen of DISPATCH_SCREENS brings its group's menu node, so the side menu can show it
    const dispatches = DISPATCH_GROUPS.has(group) || (m.routerPath ? DISPATCH_SCREENS.has(m.routerPath) : dispatchScreenGroups.has(group));
    grants.push({ tenantId, roleId: roleIds.admin, menuId: m.id });
    if (dispatches) grants.push({ tenantId, roleId: roleIds.dispatcher, menuId: m.id });
    if (VIEWER_GROUPS.has(group)) grants.push({ tenantId, roleId: roleIds.viewer, menuId: m.id });
    if (!m.routerPath) continue;
    for (const extra of EXTRA_PERMISSION_ACTIONS[m.privis] ?? []) codes.push({ tenantId, roleId: roleIds.admin, code: `${m.privis}:${extra.key}` });
    for (const action of PERMISSION_ACTIONS) {
      codes.push({ tenantId, roleId: roleIds.admin, code: `${m.privis}:${action}` });
      if (dispatches) codes.push({ tenantId, roleId: roleIds.dispatcher, code: `${m.privis}:${action}` });
    }
    if (VIEWER_GROUPS.has(group)) codes.push({ tenantId, roleId: roleIds.viewer, code: `${m.privis}:view` });
  }
  await batch(db, [...chunks(grants, 30).map((rows) => db.insert(roleMenus).values(rows)), ...chunks(codes, 30).map((rows) => db.insert(rolePermissions).values(rows))] as unknown as Batch<unknown>);

  // each user with the role's row, by the account just written (the passwords are hashed side by side)
  const hashes = await Promise.all(opts.users.map((u) => hashPassword(u.password)));
  const userIds: Record<string, number> = {};
  if (opts.users.length) {
    const written = await batch(
      db,
      opts.users.flatMap((u, i) => [
        db
          .insert(users)
          .values({
            tenantId,
            orgId: rootOrgId,
            loginAccount: u.account,
            userName: u.name,
            passwordHash: hashes[i]!,
            isAdmin: (u.isAdmin ?? u.role === "admin") ? 1 : 0,
            phone: u.phone ?? null,
            email: u.email ?? null,
            expiresAt: u.expiresAt ?? null,
            state: u.state ?? 1,
          })
          .returning({ id: users.id }),
        db.insert(userRoles).values({ tenantId, userId: sql`(select ${users.id} from ${users} where ${and(ofTenant(users, tenantId), eq(users.loginAccount, u.account))})`, roleId: roleIds[u.role] }),
      ]) as unknown as Batch<unknown>,
    );
    opts.users.forEach((u, i) => (userIds[u.account] = (written[i * 2] as { id: number }[])[0]!.id));
  }

  const [equipmentType] = await db.insert(dictionaries).values({ tenantId, dictCode: "equipment_type", dictName: "设备类型", isSystem: 0 }).returning({ id: dictionaries.id });
  const types = ["汽车吊", "履带吊", "塔吊", "随车吊", "货车", "客车", "挂车", "其他"];
  await db.insert(dictionaryItems).values(
    types.map((name, i) => ({ tenantId, dictionaryId: equipmentType!.id, dictCode: "equipment_type", dictName: name, dictValue: String(i + 1), imgValue: `/sysimage/equipment-type/${i + 1}.svg`, isSystem: 1, sort: i })),
  );
  const [accountState] = await db.insert(dictionaries).values({ tenantId, dictCode: "account_state", dictName: "账号状态", isSystem: 1 }).returning({ id: dictionaries.id });
  await db.insert(dictionaryItems).values([
    { tenantId, dictionaryId: accountState!.id, dictCode: "account_state", dictName: "启用", dictValue: "1", isSystem: 1, sort: 0 },
    { tenantId, dictionaryId: accountState!.id, dictCode: "account_state", dictName: "停用", dictValue: "0", isSystem: 1, sort: 1 },
  ]);

  return { tenantId, rootOrgId, roleIds, userIds };
}

/**
 * Brings every tenant's menus up to the screen registry: menu items added to the registry since a tenant was
 * made are inserted and granted, with all their function codes, to the roles of the tenant's administrators.
 * Existing rows (an administrator may have renamed or hidden them) are left alone. Returns how many were added.
 */
export async function syncRegistryMenus(db: Db): Promise<number> {
  let added = 0;
  for (const { id: tenantId } of await db.select({ id: tenants.id }).from(tenants)) {
    const have = new Set((await db.select({ privisId: menus.privisId }).from(menus).where(eq(menus.tenantId, tenantId))).map((m) => m.privisId));
    const missing = menuRowsFor(tenantId).filter((m) => !have.has(m.privisId));
    if (!missing.length) continue;
    const inserted: { id: number; privis: string; routerPath: string | null }[] = [];
    for (let i = 0; i < missing.length; i += 6) inserted.push(...(await db.insert(menus).values(missing.slice(i, i + 6)).returning({ id: menus.id, privis: menus.privis, routerPath: menus.routerPath })));
    const adminRoles = await db
      .selectDistinct({ roleId: userRoles.roleId })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(and(eq(users.tenantId, tenantId), eq(users.isAdmin, 1)));
    for (const { roleId } of adminRoles) {
      const grants = inserted.map((m) => ({ tenantId, roleId, menuId: m.id }));
      for (let i = 0; i < grants.length; i += 30) await db.insert(roleMenus).values(grants.slice(i, i + 30)).onConflictDoNothing();
      const codes = inserted.filter((m) => m.routerPath).flatMap((m) => PERMISSION_ACTIONS.map((a) => ({ tenantId, roleId, code: `${m.privis}:${a}` })));
      for (let i = 0; i < codes.length; i += 30) await db.insert(rolePermissions).values(codes.slice(i, i + 30)).onConflictDoNothing();
    }
    await db.update(tenants).set({ accessVersion: sql`${tenants.accessVersion} + 1` }).where(eq(tenants.id, tenantId));
    added += inserted.length;
  }
  return added;
}

/**
 * Grants the extra function codes (EXTRA_PERMISSION_ACTIONS, e.g. dataPermission:approve) to the roles of every
 * tenant's administrators where missing, so a database made before a code existed gets it. Returns how many were added.
 */
export async function syncExtraPermissions(db: Db): Promise<number> {
  let added = 0;
  for (const { id: tenantId } of await db.select({ id: tenants.id }).from(tenants)) {
    const adminRoles = await db
      .selectDistinct({ roleId: userRoles.roleId })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(and(eq(users.tenantId, tenantId), eq(users.isAdmin, 1)));
    const codes = Object.entries(EXTRA_PERMISSION_ACTIONS).flatMap(([privis, actions]) => actions.map((a) => `${privis}:${a.key}`));
    let inserted = 0;
    for (const { roleId } of adminRoles) {
      const rows = await db
        .insert(rolePermissions)
        .values(codes.map((code) => ({ tenantId, roleId, code })))
        .onConflictDoNothing()
        .returning({ code: rolePermissions.code });
      inserted += rows.length;
    }
    if (inserted) await db.update(tenants).set({ accessVersion: sql`${tenants.accessVersion} + 1` }).where(eq(tenants.id, tenantId));
    added += inserted;
  }
  return added;
}

/** 企业信息 of the demo tenant (/bussinessinfo, the `business` settings row), so the screen matches the header's name. */

/** Writes the demo business information and mail settings unless the tenant has its own (a saved row is never overwritten). */
export async function seedBusinessInfo(db: Db, tenantId: number): Promise<void> {
  await db
    .insert(tenantSettings)
    .values([withTenant(tenantId, { key: "business", value: DEMO_BUSINESS_INFO }), withTenant(tenantId, { key: "mail", value: DEMO_MAIL })])
    .onConflictDoNothing();
}

/**
 * The demo tenant; when it already exists its data is kept (`npm start`), and only what older databases lack is
 * added: the business information when no row is there.
 */
export async function seedDemo(db: Db): Promise<{ created: boolean }> {
  const [existing] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, "demo"));
  if (existing) {
    await seedBusinessInfo(db, existing.id);
    return { created: false };
  }
  const seeded = await seedTenant(db, {
    code: "demo",
    name: DEMO_BUSINESS_INFO.companyName,
    orgs: {
      name: "德瑞克租赁总部",
      children: [
        { name: "华东分公司", children: [{ name: "上海项目部" }, { name: "苏州项目部" }] },
        { name: "华南分公司", children: [{ name: "深圳项目部" }] },
        { name: "设备管理中心" },
      ],
    },
    users: [
      { role: "admin", account: DEMO_USERS.admin.account, password: DEMO_USERS.admin.password, name: DEMO_USERS.admin.name, phone: DEMO_USERS.admin.phone, email: DEMO_USERS.admin.email },
      { role: "dispatcher", account: DEMO_USERS.dispatcher.account, password: DEMO_USERS.dispatcher.password, name: DEMO_USERS.dispatcher.name, phone: DEMO_USERS.dispatcher.phone, email: DEMO_USERS.dispatcher.email },
      { role: "viewer", account: DEMO_USERS.viewer.account, password: DEMO_USERS.viewer.password, name: DEMO_USERS.viewer.name, phone: DEMO_USERS.viewer.phone, email: DEMO_USERS.viewer.email },
      { role: "dispatcher", account: DEMO_USERS.project.account, password: DEMO_USERS.project.password, name: DEMO_USERS.project.name, phone: DEMO_USERS.project.phone, email: DEMO_USERS.project.email },
      // the administrators' role decides contracts: a second one, so a contract the first submits can be approved
      { role: "admin", account: DEMO_USERS.manager.account, password: DEMO_USERS.manager.password, name: DEMO_USERS.manager.name, phone: DEMO_USERS.manager.phone, email: DEMO_USERS.manager.email },
    ],
  });
  // the project dispatcher's data scope is 上海项目部 only
  const [shanghai] = await db.select({ id: organisations.id }).from(organisations).where(and(eq(organisations.tenantId, seeded.tenantId), eq(organisations.name, "上海项目部")));
  await db.update(users).set({ orgId: shanghai!.id }).where(eq(users.id, seeded.userIds[DEMO_USERS.project.account]!));
  // 审批流程: data permission applications are decided by the administrators' role; app-user applications by the
  // default (holders of the approve code); contracts by the administrators' role, and from ¥500,000.00 by that role
  // again in a second step (the demo has no finance role; below that value the step is skipped). Two app users wait, so
  // the workbench's to-do has something to show.
  await db.insert(approvalSteps).values([
    { tenantId: seeded.tenantId, kind: "dataPermission", stepNo: 1, approverType: "role", approverId: seeded.roleIds.admin },
    { tenantId: seeded.tenantId, kind: "contract", stepNo: 1, approverType: "role", approverId: seeded.roleIds.admin },
    { tenantId: seeded.tenantId, kind: "contract", stepNo: 2, approverType: "role", approverId: seeded.roleIds.admin, minAmountCents: 50_000_000 },
  ]);
  await db.insert(appApplications).values([
    { tenantId: seeded.tenantId, name: "赵建国", phone: "13912345678", appRole: "operator", company: "中建三局苏州项目", reason: "塔吊司机，申请使用APP查看设备状态" },
    { tenantId: seeded.tenantId, name: "钱晓峰", phone: "13787654321", appRole: "driver", company: "华东混凝土有限公司", reason: "搅拌车司机，接收派单" },
  ]);
  await seedBusinessInfo(db, seeded.tenantId);
  return { created: true };
}
