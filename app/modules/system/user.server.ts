import { and, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { isBusinessDay } from "~/lib/calendar";
import { data, redirect } from "@remix-run/cloudflare";
import { dataPermissions, organisations, roles, sessions, userRoles, userSettings, users, userVehicles, vehicles } from "../../../db/schema";
import { ofTenant, withTenant } from "../../../db/tenant";
import { hubFor } from "../../../workers/fleet-hub/client";
import { hashPassword } from "~/lib/password";
import { dayEndMs } from "~/lib/tenant-days";
import { isAccountName, isEmail, isMobile, isStrongPassword } from "~/lib/validators";
import { accessChanged, type RequestScope } from "~/modules/access/access.server";
import { flashCookie } from "~/modules/auth/session.server";
import { containing, defineResource, postedIds, type BatchItem, type FieldErrors, withLimit } from "~/modules/resource/resource.server";
import { ftsPhrase } from "~/lib/list/search";
import { userStates, userView } from "./user.resource";
import { stateIntents, transitionIntents, type Machine } from "~/modules/workflow/engine.server";
import { visibleVehiclesWhere } from "../../../db/rules/data-scope";
import { parsePlates, resolvePlates } from "~/modules/telematics/vehicle-choice.server";
import { line } from "~/lib/form-fields";
import { runCommand } from "~/modules/resource/command.server";

/** 'yyyy-MM-dd' → the last millisecond of that day in the tenant's zone; '' → null (never expires). */
export function endOfDayMs(date: string, timeZone: string): number | null {
  return date ? dayEndMs(date, timeZone) : null;
}

const text = (max: number, message: string) => line().max(max, message);
const optional = (check: (v: string) => boolean, message: string) =>
  line()
    .refine((v) => v === "" || check(v), message)
    .transform((v) => v || null);

const common = {
  userName: text(30, "validation.userName").refine(isAccountName, "validation.userName"),
  orgId: z.coerce.number({ message: "validation.required" }).int().positive("validation.required"),
  roleId: z.coerce.number({ message: "validation.required" }).int().positive("validation.required"),
  phone: optional(isMobile, "validation.mobile"),
  email: optional(isEmail, "validation.email"),
  address: line()
    .max(50, "validation.address")
    .transform((v) => v || null),
  expiresAt: line()
    // a day: its end in the tenant's zone is taken where the scope is known (toInsert, toUpdate)
    .refine((v) => v === "" || isBusinessDay(v), "validation.date"),
  state: z.enum(["1", "0"], { message: "validation.required" }).transform(Number),
  /** authorized vehicles: plates, one a line (the vehicle picker's value); absent = leave them as they are */
  vehicles: z
    .string()
    .or(z.array(z.string()))
    .optional()
    // one a line from the text field, or one a field when the picker posts them repeated
    .transform((v) => (v === undefined ? undefined : parsePlates(Array.isArray(v) ? v.join("\n") : v)))
    .refine((plates) => !plates || plates.length <= 500, "system:userVehicles.tooMany"),
};

export const UserCreateSchema = z.object({
  loginAccount: text(30, "validation.accountName").refine(isAccountName, "validation.accountName"),
  password: z.string().refine(isStrongPassword, "validation.password"),
  ...common,
});
export const UserUpdateSchema = z.object(common);

/** A row of the list (and of its export): what the table shows, its label and the state its button turns. */
export type UserRow = {
  id: number;
  loginAccount: string;
  userName: string;
  orgName: string | null;
  roleNames: string | null;
  phone: string | null;
  email: string | null;
  state: number;
  expiresAt: number | null;
  vehicleCount: number;
  createdAt: number;
};

// aliases written out, so the correlation to the outer users row never depends on how drizzle qualifies columns
const roleNames = sql<string | null>`(select group_concat(r.name, '、') from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = "users"."id")`;
const vehicleCount = sql<number>`(select count(*) from user_vehicles uv where uv.user_id = "users"."id")`;

export const userResource = defineResource({
  view: userView,
  table: users,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: users.id,
        loginAccount: users.loginAccount,
        userName: users.userName,
        orgName: organisations.name,
        roleNames,
        phone: users.phone,
        email: users.email,
        state: users.state,
        expiresAt: users.expiresAt,
        vehicleCount,
        createdAt: users.createdAt,
      })
      .from(users)
      .leftJoin(organisations, eq(organisations.id, users.orgId))
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit<UserRow>(q, limit);
  },
  filters: {
    q: (v) => {
      // three characters or more: the trigram index (migration 0003); fewer: a scan with LIKE
      const phrase = ftsPhrase(v);
      if (phrase) return sql`${users.id} in (select rowid from users_search where users_search match ${phrase})`;
      return or(containing(users.loginAccount, v), containing(users.userName, v), containing(users.phone, v));
    },
    state: (v) => eq(users.state, Number(v)),
  },
  sortColumns: { loginAccount: users.loginAccount, userName: users.userName, state: users.state, expiresAt: users.expiresAt, createdAt: users.createdAt },
  defaultOrder: [desc(users.createdAt), desc(users.id)],
  countedAs: "user",
  // 100,000 rows: a page is found by its ids first (filters and sorts are all this table's)
  pageByIds: true,
  // migration 0011: a list filtered by state alone reads its total from row_counts
  countedBy: ["state"],
  createSchema: UserCreateSchema,
  updateSchema: UserUpdateSchema,
  unique: [
    { field: "loginAccount", column: users.loginAccount, across: "all", message: "validation.duplicateAccount" },
    { field: "userName", column: users.userName, message: "validation.duplicateUserName" },
  ],
  async check(scope, values) {
    const errors: FieldErrors = {};
    const [org] = await scope.db
      .select({ id: organisations.id })
      .from(organisations)
      .where(and(eq(organisations.id, values.orgId), ofTenant(organisations, scope.user.tenantId)));
    if (!org) errors.orgId = "validation.required";
    const [role] = await scope.db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.id, values.roleId), ofTenant(roles, scope.user.tenantId)));
    if (!role) errors.roleId = "validation.required";
    // authorized vehicles come only from the editor's own data scope, and never from another tenant
    const { refused } = await resolvePlates(scope, values.vehicles ?? [], "visible");
    if (refused.length) errors.vehicles = `system:userVehicles.outOfScope|${refused.slice(0, 20).join("、")}${refused.length > 20 ? "…" : ""}`;
    return errors;
  },
  async editValues(scope, row) {
    const [[role], granted] = await Promise.all([
      scope.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, row.id)).limit(1),
      // the editor sees (and so keeps or removes) only the grants inside their own data scope
      scope.db
        .select({ plate: vehicles.plate })
        .from(userVehicles)
        .innerJoin(vehicles, eq(vehicles.id, userVehicles.vehicleId))
        .where(and(eq(userVehicles.userId, row.id), ofTenant(userVehicles, scope.user.tenantId), visibleVehiclesWhere(scope)))
        .orderBy(vehicles.plate),
    ]);
    return { roleId: role?.roleId ?? null, vehicles: granted.map((g) => g.plate).join("\n") };
  },
  async beforeDelete(scope, ids) {
    if (ids.includes(scope.user.id)) return { refuse: "system:user.cannotDeleteSelf" };
    return {
      dependents: [
        scope.db.delete(userRoles).where(inArray(userRoles.userId, ids)),
        scope.db.delete(sessions).where(inArray(sessions.userId, ids)),
        scope.db.delete(userSettings).where(inArray(userSettings.userId, ids)),
        scope.db.delete(userVehicles).where(inArray(userVehicles.userId, ids)),
        scope.db.delete(dataPermissions).where(inArray(dataPermissions.userId, ids)),
      ],
    };
  },
  async toInsert(values, scope) {
    const { password, roleId: _r, vehicles: _v, ...rest } = values;
    return { ...rest, expiresAt: endOfDayMs(rest.expiresAt, scope.user.timeZone), passwordHash: await hashPassword(password), creatorId: scope.user.id };
  },
  toUpdate(values, scope) {
    const { roleId: _r, vehicles: _v, ...rest } = values;
    return { ...rest, expiresAt: endOfDayMs(rest.expiresAt, scope.user.timeZone) };
  },
  // the role assignment and the vehicle grants join the save's batch; the hub hears of them once it is stored
  async sideWrites(scope, { id, values, before }) {
    const grants = values.vehicles ? await userVehicleWrites(scope, id, before?.id ?? null, values.vehicles) : { writes: [], changed: false };
    const [current] = before ? await scope.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, before.id)) : [];
    const roleChanged = current?.roleId !== values.roleId;
    const role = roleChanged ? [scope.db.delete(userRoles).where(eq(userRoles.userId, id)), scope.db.insert(userRoles).values(withTenant(scope, { userId: id, roleId: values.roleId }))] : [];
    return {
      writes: [...grants.writes, ...role],
      async afterCommit(savedId) {
        if (grants.changed) await hubFor(scope.env, scope.user.tenantId).configChanged();
        if (roleChanged) return accessChanged(scope, [savedId]);
        // the state, expiry or organisation may have changed: the user's open sockets are checked and re-scoped at once
        await hubFor(scope.env, scope.user.tenantId).revalidate([savedId]);
      },
    };
  },
  // a deleted user's sessions are gone with them: their sockets close
  async afterDelete(scope, ids) {
    await hubFor(scope.env, scope.user.tenantId).revalidate(ids);
  },
  auditView: ({ passwordHash: _p, password: _pw, ...row }) => row,
});

/**
 * The writes that make the user's authorized vehicles inside the editor's data scope exactly these plates; grants
 * outside it (made by someone who sees more) stay. `userId` is the saved user's id (SQL naming the new row on a
 * create), `existing` the id whose current grants to compare with (none on a create). Says whether anything changes.
 */
async function userVehicleWrites(scope: RequestScope, userId: number | SQL, existing: number | null, plates: string[]): Promise<{ writes: BatchItem[]; changed: boolean }> {
  const tenantId = scope.user.tenantId;
  const { vehicles: wanted } = await resolvePlates(scope, plates, "visible");
  const current =
    existing === null
      ? []
      : await scope.db
          .select({ vehicleId: userVehicles.vehicleId })
          .from(userVehicles)
          .innerJoin(vehicles, eq(vehicles.id, userVehicles.vehicleId))
          .where(and(eq(userVehicles.userId, existing), ofTenant(userVehicles, tenantId), visibleVehiclesWhere(scope)));
  const have = new Set(current.map((c) => c.vehicleId));
  const want = new Set(wanted.map((v) => v.id));
  const gone = [...have].filter((v) => !want.has(v));
  const added = [...want].filter((v) => !have.has(v));
  const writes: BatchItem[] = [];
  for (let i = 0; i < gone.length; i += 90) writes.push(scope.db.delete(userVehicles).where(and(eq(userVehicles.userId, userId), ofTenant(userVehicles, tenantId), inArray(userVehicles.vehicleId, gone.slice(i, i + 90)))));
  for (let i = 0; i < added.length; i += 30) writes.push(scope.db.insert(userVehicles).values(added.slice(i, i + 30).map((vehicleId) => withTenant(tenantId, { userId, vehicleId }))).onConflictDoNothing());
  return { writes, changed: gone.length + added.length > 0 };
}

/** Accounts move between 启用 and 停用 on the engine: a disabled user's sessions end in the same batch, their sockets close after. */
export const userMachine: Machine<{ id: number; version: number; state: number; loginAccount: string }> = {
  view: userStates,
  table: users,
  stateKey: "state",
  load: (scope, ids) =>
    scope.db
      .select({ id: users.id, version: users.version, state: users.state, loginAccount: users.loginAccount })
      .from(users)
      .where(and(inArray(users.id, ids), ofTenant(users, scope.user.tenantId))),
  label: (r) => r.loginAccount,
  writes: (scope, t, rows) =>
    t.name === "disable"
      ? [
          scope.db
            .update(sessions)
            .set({ revokedAt: Date.now() })
            .where(inArray(sessions.userId, rows.map((r) => r.id))),
        ]
      : [],
  async after(scope, t, rows) {
    if (t.name === "disable") await hubFor(scope.env, scope.user.tenantId).revalidate(rows.map((r) => r.id));
  },
};

export type UserActionData =
  | { intent: "resetPassword"; id: number; account: string; errors?: FieldErrors }
  | { intent: "selection"; error: "selectRows" | "selectOne" }
  | { intent: "delete"; error: string };

/** Enable/disable (asked first), and password reset for exactly one selected user. */
export const userIntents = {
  ...transitionIntents(userMachine),
  ...stateIntents(userMachine),
  resetPassword: {
    permission: "edit" as const,
    async run(scope: RequestScope, form: FormData, back: string) {
      const ids = postedIds(form);
      if (ids.length !== 1) return data<UserActionData>({ intent: "selection", error: ids.length ? "selectOne" : "selectRows" }, { status: 400 });
      const [target] = await scope.db.select({ id: users.id, loginAccount: users.loginAccount }).from(users).where(and(eq(users.id, ids[0]!), ofTenant(users, scope.user.tenantId)));
      if (!target) throw new Response("Not Found", { status: 404 });
      const password = form.get("password");
      if (password === null) return data<UserActionData>({ intent: "resetPassword", id: target.id, account: target.loginAccount });
      const errors: FieldErrors = {};
      if (!isStrongPassword(String(password))) errors.password = "validation.password";
      else if (password !== form.get("confirm")) errors.confirm = "validation.passwordMismatch";
      if (Object.keys(errors).length) return data<UserActionData>({ intent: "resetPassword", id: target.id, account: target.loginAccount, errors }, { status: 400 });
      // the new password, the user's sessions ended and the record in one batch; then the hub drops their sockets
      const hash = await hashPassword(String(password));
      await runCommand(
        scope,
        [
          scope.db.update(users).set({ passwordHash: hash, version: sql`${users.version} + 1`, updatedAt: Date.now() }).where(and(eq(users.id, target.id), ofTenant(users, scope.user.tenantId))),
          scope.db.update(sessions).set({ revokedAt: Date.now() }).where(eq(sessions.userId, target.id)),
        ],
        { entity: "user", action: "resetPassword", id: target.id },
      );
      await hubFor(scope.env, scope.user.tenantId).revalidate([target.id]);
      return redirect(back, { headers: { "Set-Cookie": flashCookie("saved") } });
    },
  },
};

/** Choices of the form's organisation and role selects: the tenant's own only. */
export async function userOptions({ db, user }: RequestScope) {
  const [orgs, roleRows] = await Promise.all([
    db.select({ value: organisations.id, label: organisations.name }).from(organisations).where(ofTenant(organisations, user.tenantId)),
    db.select({ value: roles.id, label: roles.name }).from(roles).where(ofTenant(roles, user.tenantId)),
  ]);
  const str = (rows: { value: number; label: string }[]) => rows.map((r) => ({ value: String(r.value), label: r.label }));
  return { orgId: str(orgs), roleId: str(roleRows) };
}

/** One user of the caller's tenant for the detail API, or undefined (another tenant's id finds nothing). */
export async function findUserDetail({ db, user }: Pick<RequestScope, "db" | "user">, id: number) {
  const [row] = await db
    .select({ id: users.id, loginAccount: users.loginAccount, userName: users.userName, state: users.state, email: users.email, phone: users.phone, address: users.address, expiresAt: users.expiresAt, orgId: users.orgId })
    .from(users)
    .where(and(eq(users.id, id), ofTenant(users, user.tenantId)));
  return row;
}
