import { asc, sql } from "drizzle-orm";
import { z } from "zod";
import { organisations } from "../../../db/schema";
import { ofTenant } from "../../../db/tenant";
import { isOrganisationName } from "~/lib/validators";
import type { RequestScope } from "~/modules/access/access.server";
import { defineResource, type FieldErrors, withLimit } from "~/modules/resource/resource.server";
import { descendantsOf, organisationView, type OrgNode } from "./organisation.resource";
import { line } from "~/lib/form-fields";

export type { OrgNode };

const OrgSchema = z.object({
  name: line().min(1, "validation.required").max(30, "validation.organisationName").refine(isOrganisationName, "validation.organisationName"),
  parentId: z.coerce.number({ message: "validation.required" }).int().positive("validation.required"),
  sort: line()
    .transform((v) => v || "0")
    .refine((v) => /^\d{1,5}$/.test(v), "validation.integer")
    .transform(Number),
});

/** Every organisation of the tenant, with its user count, in tree order of parent then sort. */
// written out with aliases: in a one-table select drizzle leaves columns unqualified, and "id" would bind to users
const orgUserCount = sql<number>`(select count(*) from users u where u.org_id = "organisations"."id")`;

export async function loadOrgTree(scope: RequestScope): Promise<OrgNode[]> {
  return scope.db
    .select({
      id: organisations.id,
      version: organisations.version,
      parentId: organisations.parentId,
      name: organisations.name,
      sort: organisations.sort,
      userCount: orgUserCount,
    })
    .from(organisations)
    .where(ofTenant(organisations, scope.user.tenantId))
    .orderBy(asc(organisations.sort), asc(organisations.id));
}

export const organisationResource = defineResource({
  view: organisationView,
  table: organisations,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      // the list's 用户数 column (and its export) reads the same count as the tree
      .select({ id: organisations.id, version: organisations.version, name: organisations.name, parentId: organisations.parentId, sort: organisations.sort, userCount: orgUserCount })
      .from(organisations)
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  filters: {},
  sortColumns: {},
  defaultOrder: [asc(organisations.sort), asc(organisations.id)],
  createSchema: OrgSchema,
  updateSchema: OrgSchema,
  async check(scope, values, current) {
    const id = current?.id;
    const errors: FieldErrors = {};
    const nodes = await loadOrgTree(scope);
    const parent = nodes.find((n) => n.id === values.parentId);
    if (!parent) errors.parentId = "validation.required";
    if (id !== undefined) {
      const self = nodes.find((n) => n.id === id);
      // the root stays where it is; a node cannot move under itself or below itself
      if (self && self.parentId === null) errors.form = "system:organisation.rootLocked";
      else if (values.parentId === id) errors.parentId = "system:organisation.parentSelf";
      else if (descendantsOf(nodes, id).has(values.parentId)) errors.parentId = "system:organisation.parentBelow";
    }
    const sibling = nodes.find((n) => n.parentId === values.parentId && n.name === values.name && n.id !== id);
    if (sibling) errors.name = "system:organisation.duplicateName";
    return errors;
  },
  toInsert: (values) => values,
  toUpdate: (values) => values,
  async beforeDelete(scope, ids) {
    const nodes = await loadOrgTree(scope);
    for (const id of ids) {
      const node = nodes.find((n) => n.id === id);
      if (!node) continue;
      if (node.parentId === null) return { refuse: "system:organisation.rootLocked" };
      if (nodes.some((n) => n.parentId === id && !ids.includes(n.id))) return { refuse: "system:organisation.hasChildren" };
      if (node.userCount > 0) return { refuse: "system:organisation.hasUsers" };
    }
    return { dependents: [] };
  },
  auditView: (row) => row,
});

