import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, inArray, sql } from "drizzle-orm";
import { batch, getDb, type Db } from "../../../db/client";
import { menus, roleMenus, rolePermissions, roles, tenants, userRoles } from "../../../db/schema";
import { ofTenant } from "../../../db/tenant";
import type { Env } from "../../../workers/env";
import { hubFor } from "../../../workers/fleet-hub/client";
import { buildMenuTree, encodeMenu, type MenuNode } from "~/lib/navigation";
import { requireSession, type Session, type SessionUser } from "../auth/session.server";
import { sessionSetting } from "../auth/preferences.server";
import { SCREEN_BY_PATH } from "../screens/registry";
import { ENABLED } from "~/modules/workflow/enablement";

export interface Access {
  /** every menu the roles grant, hidden ones (state 0, e.g. detail screens) included: they still grant access */
  menuRows: (Omit<MenuNode, "children"> & { state: number })[];
  permissions: Set<string>;
  roleNames: string[];
  /** the enabled roles' ids (an approval step may name a role) */
  roleIds: number[];
}

/** The user's menus (from their enabled roles) and function permission codes, in one round trip. */
export async function loadAccess(db: Db, user: Pick<SessionUser, "id" | "tenantId">): Promise<Access> {
  const enabledRoles = and(eq(userRoles.userId, user.id), ofTenant(roles, user.tenantId), eq(roles.state, ENABLED));
  const roleIds = db.select({ id: userRoles.roleId }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId)).where(enabledRoles);
  const [roleRows, menuRows, codes] = await batch(db, [
    db.select({ id: roles.id, name: roles.name }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId)).where(enabledRoles),
    db
      .selectDistinct({
        privisId: menus.privisId,
        parent: menus.parent,
        name: menus.name,
        nameEn: menus.nameEn,
        privis: menus.privis,
        routerPath: menus.routerPath,
        sort: menus.sort,
        type: menus.type,
        home: menus.home,
        once: menus.once,
        query: menus.query,
        icon: menus.icon,
        state: menus.state,
      })
      .from(roleMenus)
      .innerJoin(menus, eq(menus.id, roleMenus.menuId))
      .where(and(inArray(roleMenus.roleId, roleIds), ofTenant(menus, user.tenantId))),
    db.selectDistinct({ code: rolePermissions.code }).from(rolePermissions).where(inArray(rolePermissions.roleId, roleIds)),
  ]);
  const permissions = new Set(codes.map((c) => c.code));
  for (const m of menuRows) permissions.add(m.privis);
  return {
    menuRows: menuRows.map((m) => ({ ...m, home: m.home === 1, once: m.once === 1 })),
    permissions,
    roleNames: roleRows.map((r) => r.name),
    roleIds: roleRows.map((r) => r.id),
  };
}

const menuJson = new WeakMap<Access, Map<string, string>>();

/**
 * The menu as the layout sends it, in the page's language: one JSON text of short arrays (see encodeMenu), made once
 * per cached access, language and choice of planned screens, so a page load serialises one string rather than a
 * thousand values. Planned screens (and groups left with nothing to open) travel hidden unless `showPlanned`: tabs and
 * breadcrumbs still name them, the side menu leaves them out.
 */
export function menuWireOf(access: Access, lang: string, showPlanned = false): string {
  let byKey = menuJson.get(access);
  if (!byKey) menuJson.set(access, (byKey = new Map()));
  const key = `${lang}:${showPlanned ? 1 : 0}`;
  let json = byKey.get(key);
  if (json === undefined) {
    const shown = shownMenuIds(access, showPlanned);
    json = JSON.stringify(encodeMenu(access.menuRows.map(({ state, ...m }) => ({ ...m, hidden: !shown.has(m.privisId) })), lang));
    byKey.set(key, json);
  }
  return json;
}

/** A menu row that opens a screen of the registry that is not built yet (an administrator's own menus are never planned). */
export const isPlannedMenu = (m: { routerPath: string | null }): boolean => !!m.routerPath && SCREEN_BY_PATH.get(m.routerPath.toLowerCase())?.status === "planned";

/** The ids of the side menu's rows: visible (state 1), not planned unless asked for, and no group whose items are all left out. */
function shownMenuIds(access: Access, showPlanned: boolean): Set<string> {
  const kept = access.menuRows.filter((m) => m.state === ENABLED && (showPlanned || !isPlannedMenu(m)));
  const shown = new Set(kept.map((m) => m.privisId));
  if (showPlanned) return shown;
  const hadChildren = new Set(access.menuRows.filter((m) => m.state === ENABLED).map((m) => m.parent));
  // again until nothing changes: a group of groups goes once its groups went
  for (let changed = true; changed; ) {
    changed = false;
    const withChildren = new Set(kept.filter((m) => shown.has(m.privisId)).map((m) => m.parent));
    for (const m of kept)
      if (shown.has(m.privisId) && !m.routerPath && hadChildren.has(m.privisId) && !withChildren.has(m.privisId)) {
        shown.delete(m.privisId);
        changed = true;
      }
  }
  return shown;
}

/** Who may show planned screens in their menu: the users who administer menus (/routerPath, editing). */
export function administersMenus(access: Access): boolean {
  return access.permissions.has(MENU_ADMIN_PERMISSION);
}
export const MENU_ADMIN_PERMISSION = "routerPath:edit";
/** The user_settings entry of an administrator's choice to see planned screens in the menu. */
export const PLANNED_SCREENS_SETTING = "showPlannedScreens";

/** Whether this user's menu shows planned screens: their own preference, honoured only while they administer menus. */
export function plannedScreensShown(scope: Pick<RequestScope, "access" | "session">): boolean {
  return administersMenus(scope.access) && sessionSetting<boolean>(scope.session, PLANNED_SCREENS_SETTING) === true;
}

/** The visible menu (state 1) as a tree. */
export function menuTreeOf(access: Access): MenuNode[] {
  return buildMenuTree(access.menuRows.filter((m) => m.state === ENABLED));
}

/** 403 that the error boundary shows as 权限不足！ */
export function forbidden(): Response {
  return new Response(JSON.stringify({ code: 403, message: "forbidden" }), { status: 403, headers: { "Content-Type": "application/json" } });
}

export function hasScreen(access: Access, path: string): boolean {
  const want = path.toLowerCase();
  return access.menuRows.some((m) => m.routerPath?.toLowerCase() === want);
}

export interface RequestScope {
  env: Env;
  db: Db;
  session: Session;
  user: SessionUser;
  access: Access;
}

/**
 * Access per user, kept in the isolate between requests. The key carries the tenant's access version, which
 * every change to roles, menus, permissions or role assignments bumps (bumpAccessVersion), so an entry is
 * never used after such a change; the session row is still read on every request.
 */
const accessCache = new Map<string, Access>();
const ACCESS_CACHE_MAX = 1000;

async function cachedAccess(db: Db, session: Session): Promise<Access> {
  const key = `${session.user.tenantId}:${session.user.id}:${session.accessVersion}`;
  const hit = accessCache.get(key);
  if (hit) return hit;
  const access = await loadAccess(db, session.user);
  if (accessCache.size >= ACCESS_CACHE_MAX) accessCache.delete(accessCache.keys().next().value!);
  accessCache.set(key, access);
  return access;
}

/** Call after changing a tenant's roles, menus, permissions or role assignments. */
export async function bumpAccessVersion(db: Db, tenantId: number): Promise<void> {
  await db
    .update(tenants)
    .set({ accessVersion: sql`${tenants.accessVersion} + 1` })
    .where(eq(tenants.id, tenantId));
}

/**
 * What a user may see or whether they may sign in changed (roles, menus or role assignments edited, a user disabled,
 * deleted or given a new password, an organisation moved): pages read access anew (bumpAccessVersion) and the
 * tenant's hub checks its open sockets at once, closing those whose session ended or whose screens were withdrawn and
 * re-scoping the rest. `userIds` narrows the socket check to those users.
 */
export async function accessChanged(scope: Pick<RequestScope, "db" | "env" | "user">, userIds?: number[]): Promise<void> {
  await bumpAccessVersion(scope.db, scope.user.tenantId);
  await hubFor(scope.env, scope.user.tenantId).revalidate(userIds);
}

const perRequest = new WeakMap<Request, Promise<{ session: Session; access: Access }>>();

/**
 * Guard for every loader and action: a signed-in user, and when given, the screen's menu
 * (by route path) or a function permission code. Throws the redirect or the 403.
 */
export async function requireScope(
  request: Request,
  context: AppLoadContext,
  need: { screen?: string; permission?: string; l?: "t" | "f" } = {},
): Promise<RequestScope> {
  const { env, db } = anonymousScope(context);
  // the layout's loader and the screen's loader get the same Request: read the session and access once for it
  // (after an action, Remix hands the loaders a new Request, so they see what the action changed)
  let signedIn = perRequest.get(request);
  if (!signedIn) {
    signedIn = requireSession(request, env, db, need.l).then(async (session) => ({ session, access: await cachedAccess(db, session) }));
    perRequest.set(request, signedIn);
  }
  const { session, access } = await signedIn;
  if (need.screen && !hasScreen(access, need.screen)) throw forbidden();
  if (need.permission && !access.permissions.has(need.permission)) throw forbidden();
  return { env, db, session, user: session.user, access };
}

/**
 * For the routes that run before there is a session (sign-in, captcha, password reset, the preference switch): the
 * Worker's bindings and its database, with no guard. Every other route takes its scope from requireScope.
 */
export function anonymousScope(context: AppLoadContext): Pick<RequestScope, "env" | "db"> {
  const env = context.cloudflare.env;
  return { env, db: getDb(env) };
}

/** JSON answer in the spec §7 shape. */
export function apiJson(body: { code: number; message?: string; data?: unknown; [k: string]: unknown }, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(body), { ...init, headers });
}

/** requireScope for /api/*: a lost session answers 401 (with the one-time message cookie), a missing right 403, as JSON. */
export async function requireApiScope(request: Request, context: AppLoadContext, need: { screen?: string; permission?: string } = {}): Promise<RequestScope> {
  try {
    return await requireScope(request, context, need);
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      const headers = new Headers();
      for (const cookie of thrown.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
      throw apiJson({ code: 401, message: "会话失效,请重新登录" }, { status: 401, headers });
    }
    if (thrown instanceof Response && thrown.status === 403) throw apiJson({ code: 403, message: "权限不足！" }, { status: 403 });
    throw thrown;
  }
}
