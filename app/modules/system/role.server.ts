import { data, redirect } from "@remix-run/cloudflare";
import { auditRecord } from "~/modules/resource/command.server";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { batch } from "../../../db/client";
import { menus, roleMenus, rolePermissions, roles, userRoles } from "../../../db/schema";
import { ofTenant, withTenant } from "../../../db/tenant";
import type { MenuNode } from "~/lib/navigation";
import { isRoleName } from "~/lib/validators";
import { accessChanged, type RequestScope } from "~/modules/access/access.server";
import { flashCookie } from "~/modules/auth/session.server";
import { containing, defineResource, postedIds, withLimit } from "~/modules/resource/resource.server";
import { actionsOf, roleView } from "./role.resource";
import { line, note } from "~/lib/form-fields";

const common = {
  name: line().min(1, "validation.required").max(30, "validation.roleName").refine(isRoleName, "validation.roleName"),
  description: note()
    .max(100, "validation.description")
    .transform((v) => v || null),
  state: z.enum(["1", "0"], { message: "validation.required" }).transform(Number),
};
export const RoleSchema = z.object(common);

// aliases written out: in a one-table select drizzle leaves columns unqualified
const userCount = sql<number>`(select count(*) from user_roles ur where ur.role_id = "roles"."id")`;
const menuCount = sql<number>`(select count(*) from role_menus rm where rm.role_id = "roles"."id")`;

export const roleResource = defineResource({
  view: roleView,
  table: roles,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({ id: roles.id, version: roles.version, name: roles.name, description: roles.description, state: roles.state, createdAt: roles.createdAt, userCount, menuCount })
      .from(roles)
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  filters: {
    q: (v) => containing(roles.name, v),
    state: (v) => eq(roles.state, Number(v)),
  },
  sortColumns: { name: roles.name, state: roles.state, createdAt: roles.createdAt },
  defaultOrder: [asc(roles.id)],
  createSchema: RoleSchema,
  updateSchema: RoleSchema,
  unique: [{ field: "name", column: roles.name, message: "validation.duplicateRoleName" }],
  toInsert: (values) => values,
  toUpdate: (values) => values,
  // a disabled role stops granting at once
  afterCommit: (scope) => accessChanged(scope),
  async beforeDelete(scope, ids) {
    const [used] = await scope.db.select({ n: sql<number>`count(*)` }).from(userRoles).where(inArray(userRoles.roleId, ids));
    if ((used?.n ?? 0) > 0) return { refuse: "system:role.inUse" };
    return {
      dependents: [scope.db.delete(roleMenus).where(inArray(roleMenus.roleId, ids)), scope.db.delete(rolePermissions).where(inArray(rolePermissions.roleId, ids))],
    };
  },
  auditView: (row) => row,
});

/** A menu row as the grant panel shows it: the navigation fields plus its row id. */
export type GrantMenu = Pick<MenuNode, "privisId" | "parent" | "name" | "nameEn" | "privis" | "routerPath"> & { id: number };

export type RoleActionData =
  | { intent: "grant"; role: { id: number; name: string }; menus: GrantMenu[]; granted: number[]; codes: string[]; error?: string }
  | { intent: "selection"; error: "selectRows" | "selectOne" }
  | { intent: "delete"; error: string };

async function loadGrant(scope: RequestScope, roleId: number) {
  const [role] = await scope.db.select({ id: roles.id, name: roles.name }).from(roles).where(and(eq(roles.id, roleId), ofTenant(roles, scope.user.tenantId)));
  if (!role) throw new Response("Not Found", { status: 404 });
  const [all, granted, codes] = await batch(scope.db, [
    scope.db
      .select({ id: menus.id, privisId: menus.privisId, parent: menus.parent, name: menus.name, nameEn: menus.nameEn, privis: menus.privis, routerPath: menus.routerPath })
      .from(menus)
      .where(ofTenant(menus, scope.user.tenantId))
      .orderBy(asc(menus.sort), asc(menus.privisId)),
    scope.db.select({ id: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, role.id)),
    scope.db.select({ code: rolePermissions.code }).from(rolePermissions).where(eq(rolePermissions.roleId, role.id)),
  ]);
  return { role, menus: all, granted: granted.map((g) => g.id), codes: codes.map((c) => c.code) };
}

/** 权限配置: the menu tree and function codes of exactly one selected role, then saving them. */
export const roleIntents = {
  grant: {
    permission: "edit" as const,
    async run(scope: RequestScope, form: FormData) {
      const ids = postedIds(form);
      if (ids.length !== 1) return data<RoleActionData>({ intent: "selection", error: ids.length ? "selectOne" : "selectRows" }, { status: 400 });
      return data<RoleActionData>({ intent: "grant", ...(await loadGrant(scope, ids[0]!)) });
    },
  },
  saveGrant: {
    permission: "edit" as const,
    async run(scope: RequestScope, form: FormData, back: string) {
      const [roleId] = postedIds(form);
      const current = await loadGrant(scope, roleId ?? 0);
      const known = new Map(current.menus.map((m) => [m.id, m]));
      const menuIds = [...new Set(form.getAll("menus").map(Number))].filter((id) => known.has(id));
      // a screen's codes only count when its menu is granted too
      const grantedPrivis = new Set(menuIds.map((id) => known.get(id)!.privis));
      const codes = [...new Set(form.getAll("codes").map(String))].filter((c) => {
        const [privis, action] = c.split(":");
        return grantedPrivis.has(privis!) && actionsOf(privis!).some((a) => a.key === action);
      });
      const tenantId = scope.user.tenantId;
      await batch(scope.db, [
        scope.db.delete(roleMenus).where(eq(roleMenus.roleId, current.role.id)),
        scope.db.delete(rolePermissions).where(eq(rolePermissions.roleId, current.role.id)),
        ...chunks(menuIds.map((menuId) => ({ tenantId, roleId: current.role.id, menuId })), 30).map((rows) => scope.db.insert(roleMenus).values(rows)),
        ...chunks(codes.map((code) => withTenant(tenantId, { roleId: current.role.id, code })), 30).map((rows) => scope.db.insert(rolePermissions).values(rows)),
        auditRecord(scope, { entity: "role", action: "grant", id: current.role.id, before: { menus: current.granted, codes: current.codes }, after: { menus: menuIds, codes } }),
      ] as [PromiseLike<unknown>, ...PromiseLike<unknown>[]]);
      await accessChanged(scope);
      return redirect(back, { headers: { "Set-Cookie": flashCookie("saved") } });
    },
  },
};

function chunks<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

