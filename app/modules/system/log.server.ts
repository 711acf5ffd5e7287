import { and, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { auditLogs, users, visitLogs } from "../../../db/schema";
import { ofTenant, sameTenant, withTenant } from "../../../db/tenant";
import type { RequestScope } from "~/modules/access/access.server";
import { containing, defineResource, refusedWrites, withLimit } from "~/modules/resource/resource.server";
import type { Label } from "~/lib/list/types";
import { actionLabel, entityLabel, summariseChange } from "~/modules/resource/audit-vocabulary.server";
import { auditLogView, visitLogView } from "./log.resource";

const DETAIL_MAX = 4000;

/** Rows whose user's account or name contains the text (the user is joined in the list). */
const byUser = (userId: SQLiteColumn) => (v: string) =>
  inArray(
    userId,
    sql`(select ${users.id} from ${users} where ${containing(users.loginAccount, v)} or ${containing(users.userName, v)})`,
  );

const detailOf = (before: unknown, after: unknown) => {
  const json = JSON.stringify({ before: before ?? null, after: after ?? null });
  return json.length > DETAIL_MAX ? `${json.slice(0, DETAIL_MAX - 1)}…` : json;
};

export const auditLogResource = defineResource({
  view: auditLogView,
  table: auditLogs,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: auditLogs.id,
        createdAt: auditLogs.createdAt,
        loginAccount: users.loginAccount,
        userName: users.userName,
        action: auditLogs.action,
        entity: auditLogs.entity,
        entityId: auditLogs.entityId,
        before: auditLogs.before,
        after: auditLogs.after,
      })
      .from(auditLogs)
      .leftJoin(users, and(eq(users.id, auditLogs.userId), sameTenant(users, auditLogs)))
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  // the stored before/after become the change's summary and its detail, after the read (selectRows stays a select)
  mapRows: (rows) =>
    rows.map(({ before, after, ...row }) => ({ ...row, action: actionLabel(row.entity, row.action), entity: entityLabel(row.entity), summary: summariseChange(row.entity, before, after), detail: detailOf(before, after) })),
  filters: {
    user: byUser(auditLogs.userId),
    entity: (v) => eq(auditLogs.entity, v),
    action: (v) => eq(auditLogs.action, v),
  },
  sortColumns: { createdAt: auditLogs.createdAt, action: auditLogs.action, entity: auditLogs.entity },
  defaultOrder: [desc(auditLogs.createdAt), desc(auditLogs.id)],
  ...refusedWrites,
  auditView: (row) => row,
});

/** The entity and action choices: the ones this tenant's log holds. */
export async function auditLogFilterOptions({ db, user }: RequestScope) {
  const distinct = (column: SQLiteColumn) => db.selectDistinct({ v: column }).from(auditLogs).where(ofTenant(auditLogs, user.tenantId)).orderBy(column);
  const [entities, actions] = await Promise.all([distinct(auditLogs.entity), distinct(auditLogs.action)]);
  const choices = (values: { v: unknown }[], label: (v: string) => Label) => values.map((r) => ({ value: String(r.v), label: label(String(r.v)) }));
  return { entity: choices(entities, entityLabel), action: choices(actions, (a) => actionLabel(null, a)) };
}

const trail = sql<string>`${visitLogs.firstModule} || coalesce(' › ' || ${visitLogs.secondModule}, '') || coalesce(' › ' || ${visitLogs.thirdModule}, '') || coalesce(' › ' || ${visitLogs.fourthModule}, '')`;

export const visitLogResource = defineResource({
  view: visitLogView,
  table: visitLogs,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: visitLogs.id,
        createdAt: visitLogs.createdAt,
        loginAccount: users.loginAccount,
        userName: users.userName,
        firstModule: visitLogs.firstModule,
        trail,
        description: visitLogs.description,
        stayTime: visitLogs.stayTime,
      })
      .from(visitLogs)
      .leftJoin(users, and(eq(users.id, visitLogs.userId), sameTenant(users, visitLogs)))
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  filters: {
    user: byUser(visitLogs.userId),
    module: (v): SQL | undefined => or(containing(visitLogs.firstModule, v), containing(visitLogs.secondModule, v), containing(visitLogs.thirdModule, v), containing(visitLogs.fourthModule, v), containing(visitLogs.description, v)),
  },
  sortColumns: { createdAt: visitLogs.createdAt, stayTime: visitLogs.stayTime },
  defaultOrder: [desc(visitLogs.createdAt), desc(visitLogs.id)],
  ...refusedWrites,
  auditView: (row) => row,
});

const visitText = (v: FormDataEntryValue | null, max: number) => (typeof v === "string" && v.trim() ? v.trim().slice(0, max) : null);

/** Spec §7 visit log: stores one posted visit (phoneType, firstModule..fourthModule, description, stayTime in ms), or says what is wrong. */
export async function recordVisit({ db, user }: Pick<RequestScope, "db" | "user">, form: FormData): Promise<{ refuse: string } | null> {
  const firstModule = visitText(form.get("firstModule"), 50);
  const stayTime = Number(form.get("stayTime"));
  if (!firstModule) return { refuse: "firstModule is required" };
  if (!Number.isFinite(stayTime) || stayTime < 0 || stayTime > 24 * 3600 * 1000) return { refuse: "stayTime must be 0–86400000 ms" };
  await db.insert(visitLogs).values(
    withTenant(user, {
      userId: user.id,
      phoneType: Number(form.get("phoneType")) || 0,
      firstModule,
      secondModule: visitText(form.get("secondModule"), 50),
      thirdModule: visitText(form.get("thirdModule"), 50),
      fourthModule: visitText(form.get("fourthModule"), 50),
      description: visitText(form.get("description"), 200),
      stayTime: Math.round(stayTime),
    }),
  );
  return null;
}
