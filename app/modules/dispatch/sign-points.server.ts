import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import { organisations, signPoints, users } from "../../../db/schema";
import { visibleOrgRowWhere } from "../../../db/rules/data-scope";
import { ofTenant } from "../../../db/tenant";
import { isClockTime } from "~/lib/validators";
import type { RequestScope } from "~/modules/access/access.server";
import { assignableOrgOptions, mayAssignOrg } from "~/modules/access/orgs.server";
import { locationFields } from "~/modules/resource/location.server";
import { containing, defineResource, type FieldErrors, withLimit } from "~/modules/resource/resource.server";
import type { Option } from "~/modules/resource/route.server";
import { name30, optionalText } from "~/modules/telematics/archive.server";
import { stateIntents, transitionIntents, type Machine } from "~/modules/workflow/engine.server";
import { SIGN_POINT_LOCATION, signPointStates, signPointView } from "./sign-points.resource";
import { line } from "~/lib/form-fields";

/** "HH:mm" (00:00–23:59) or empty. */
const clock = line()
  .refine((v) => v === "" || isClockTime(v), "dispatch:signPoint.time")
  .transform((v) => v || null);

const SignPointSchema = z
  .object({
    name: name30,
    orgId: z.coerce.number({ message: "validation.required" }).int().positive("validation.required"),
    project: optionalText(50, "dispatch:signPoint.project"),
    ...locationFields(SIGN_POINT_LOCATION),
    workStart: clock,
    workEnd: clock,
    remark: optionalText(100, "validation.remark"),
  })
  .superRefine((v, ctx) => {
    // both or neither; an overnight shift (22:00–06:00) is allowed, the same minute twice is not
    if ((v.workStart === null) !== (v.workEnd === null)) ctx.addIssue({ code: "custom", path: [v.workStart === null ? "workStart" : "workEnd"], message: "dispatch:signPoint.hoursBoth" });
    else if (v.workStart !== null && v.workStart === v.workEnd) ctx.addIssue({ code: "custom", path: ["workEnd"], message: "dispatch:signPoint.hoursSame" });
  });

export const signPointResource = defineResource({
  view: signPointView,
  table: signPoints,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: signPoints.id,
        version: signPoints.version,
        name: signPoints.name,
        orgName: organisations.name,
        project: signPoints.project,
        address: signPoints.address,
        lng: signPoints.lng,
        lat: signPoints.lat,
        signRange: signPoints.signRange,
        workStart: signPoints.workStart,
        workEnd: signPoints.workEnd,
        hours: sql<string>`coalesce(${signPoints.workStart} || '–' || ${signPoints.workEnd}, '')`,
        state: signPoints.state,
        creatorName: users.userName,
        createdAt: signPoints.createdAt,
      })
      .from(signPoints)
      .leftJoin(organisations, eq(organisations.id, signPoints.orgId))
      .leftJoin(users, eq(users.id, signPoints.creatorId))
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  filters: {
    q: (v) => or(containing(signPoints.name, v), containing(signPoints.address, v), containing(signPoints.project, v)),
    orgId: (v) => eq(signPoints.orgId, Number(v)),
    state: (v) => eq(signPoints.state, Number(v)),
  },
  sortColumns: { name: signPoints.name, signRange: signPoints.signRange, createdAt: signPoints.createdAt },
  defaultOrder: [desc(signPoints.id)],
  scopeWhere: (scope) => visibleOrgRowWhere(scope, signPoints.orgId),
  createSchema: SignPointSchema,
  updateSchema: SignPointSchema,
  unique: [{ field: "name", column: signPoints.name, message: "dispatch:signPoint.duplicateName" }],
  async check(scope, values) {
    const errors: FieldErrors = {};
    if (!(await mayAssignOrg(scope, values.orgId))) errors.orgId = "validation.required";
    return errors;
  },
  toInsert: (values, scope) => ({ ...values, creatorId: scope.user.id }),
  toUpdate: (values) => values,
  auditView: (row) => row,
});

/** 启用 / 停用 on the engine, inside the user's data scope. */
export const signPointMachine: Machine<{ id: number; version: number; state: number; name: string }> = {
  view: signPointStates,
  table: signPoints,
  stateKey: "state",
  load: (scope, ids) =>
    ids.length
      ? scope.db
          .select({ id: signPoints.id, version: signPoints.version, state: signPoints.state, name: signPoints.name })
          .from(signPoints)
          .where(and(inArray(signPoints.id, ids), ofTenant(signPoints, scope.user.tenantId), visibleOrgRowWhere(scope, signPoints.orgId)))
      : Promise.resolve([]),
  label: (r) => r.name,
};

export const signPointIntents = { ...transitionIntents(signPointMachine), ...stateIntents(signPointMachine) };

/** The organisations the user may choose (the form) and filter by (the search bar). */
export async function signPointOptions(scope: RequestScope): Promise<Record<string, Option[]>> {
  return { orgId: await assignableOrgOptions(scope) };
}
