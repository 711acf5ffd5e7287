import { and, asc, eq, inArray, notInArray, or } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { menus, roleMenus } from "../../../db/schema";
import { ofTenant, sameTenant } from "../../../db/tenant";
import { accessChanged, type RequestScope } from "~/modules/access/access.server";
import { containing, defineResource, type FieldErrors, withLimit } from "~/modules/resource/resource.server";
import { labelOf } from "~/lib/list/types";
import { menuView, TOP_LEVEL } from "./menu.resource";
import { line } from "~/lib/form-fields";

const flag = z.enum(["1", "0"], { message: "validation.required" }).transform(Number);

const common = {
  name: line().min(1, "validation.required").max(30, "validation.menuName"),
  nameEn: line().min(1, "validation.required").max(60, "validation.menuNameEn"),
  privis: line()
    .min(1, "validation.required")
    .regex(/^[A-Za-z][A-Za-z0-9_]{0,59}$/, "validation.privis"),
  parent: line().min(1, "validation.required").regex(/^\d{1,10}$/, "validation.parent"),
  routerPath: line()
    .refine((v) => v === "" || (v.startsWith("/") && v.length <= 100 && !/\s/.test(v)), "validation.routerPath")
    .transform((v) => v || null),
  sort: line()
    .regex(/^\d{1,5}$/, "validation.sort")
    .transform(Number),
  type: z.enum(["0", "1", "2", "3", "4", "5"], { message: "validation.menuType" }).transform(Number),
  state: flag,
  home: flag,
  once: flag,
};

export const MenuCreateSchema = z.object({
  privisId: line().min(1, "validation.required").regex(/^\d{1,10}$/, "validation.privisId"),
  ...common,
});
export const MenuUpdateSchema = z.object(common);

const parentMenu = alias(menus, "parent_menu");

/**
 * The parent rules of spec §5: '0' or a menu of the same tenant, never the item itself nor one of its
 * descendants (that would cut the branch off the tree in a loop).
 */
async function parentErrors(scope: RequestScope, values: { parent: string; privisId?: string }, current?: { privisId: string }): Promise<FieldErrors> {
  const parent = values.parent;
  const self = current?.privisId ?? values.privisId ?? "";
  if (parent === "0") return {};
  if (parent === self) return { parent: "validation.parentSelf" };
  const rows = await scope.db.select({ privisId: menus.privisId, parent: menus.parent }).from(menus).where(ofTenant(menus, scope.user.tenantId));
  const parentOf = new Map(rows.map((r) => [r.privisId, r.parent]));
  if (!parentOf.has(parent)) return { parent: "validation.parent" };
  // walk up from the chosen parent: meeting the item itself means the parent sits below it
  const seen = new Set<string>();
  for (let at: string | undefined = parent; at && at !== "0" && !seen.has(at); at = parentOf.get(at)) {
    if (at === self) return { parent: "validation.parentDescendant" };
    seen.add(at);
  }
  return {};
}

export const menuResource = defineResource({
  view: menuView,
  table: menus,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: menus.id,
        version: menus.version,
        name: menus.name,
        nameEn: menus.nameEn,
        privis: menus.privis,
        privisId: menus.privisId,
        parent: menus.parent,
        parentName: parentMenu.name,
        routerPath: menus.routerPath,
        sort: menus.sort,
        type: menus.type,
        state: menus.state,
        home: menus.home,
        once: menus.once,
      })
      .from(menus)
      .leftJoin(parentMenu, and(sameTenant(parentMenu, menus), eq(parentMenu.privisId, menus.parent)))
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  filters: {
    q: (v) => or(containing(menus.name, v), containing(menus.nameEn, v), containing(menus.routerPath, v), containing(menus.privis, v)),
    state: (v) => eq(menus.state, Number(v)),
    type: (v) => eq(menus.type, Number(v)),
  },
  sortColumns: { name: menus.name, nameEn: menus.nameEn, privis: menus.privis, privisId: menus.privisId, parent: menus.parent, routerPath: menus.routerPath, sort: menus.sort, type: menus.type, state: menus.state },
  defaultOrder: [asc(menus.privisId), asc(menus.id)],
  createSchema: MenuCreateSchema,
  updateSchema: MenuUpdateSchema,
  unique: [{ field: "privisId", column: menus.privisId, message: "validation.duplicatePrivisId" }],
  check: parentErrors,
  toInsert: (values) => values,
  toUpdate: (values) => values,
  // menus feed every user's cached access: a change shows on their next request
  afterCommit: (scope) => accessChanged(scope),
  async beforeDelete(scope, ids) {
    const doomed = await scope.db
      .select({ privisId: menus.privisId })
      .from(menus)
      .where(and(inArray(menus.id, ids), ofTenant(menus, scope.user.tenantId)));
    // a child that goes in the same delete does not hold its parent back
    const [child] = await scope.db
      .select({ id: menus.id })
      .from(menus)
      .where(
        and(
          ofTenant(menus, scope.user.tenantId),
          inArray(
            menus.parent,
            doomed.map((d) => d.privisId),
          ),
          notInArray(menus.id, ids),
        ),
      )
      .limit(1);
    if (child) return { refuse: "system:menu.hasChildren" };
    return { dependents: [scope.db.delete(roleMenus).where(and(inArray(roleMenus.menuId, ids), ofTenant(roleMenus, scope.user.tenantId)))] };
  },
  afterDelete: (scope) => accessChanged(scope),
  auditView: (row) => row,
});

/**
 * Choices of the form's parent select: the top level, in the page's language, and the tenant's own menus by both their
 * names. Without a language (an Excel sheet, read in either) the top level is named in both.
 */
export async function menuOptions({ db, user }: RequestScope, lang?: string) {
  const rows = await db
    .select({ privisId: menus.privisId, name: menus.name, nameEn: menus.nameEn })
    .from(menus)
    .where(ofTenant(menus, user.tenantId))
    .orderBy(asc(menus.privisId));
  const top = lang ? labelOf(TOP_LEVEL, lang) : `${TOP_LEVEL.zh} / ${TOP_LEVEL.en}`;
  return { parent: [{ value: "0", label: `0 · ${top}` }, ...rows.map((r) => ({ value: r.privisId, label: `${r.privisId} · ${r.name} / ${r.nameEn}` }))] };
}
