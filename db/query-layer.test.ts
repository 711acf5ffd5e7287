// The query layer on libSQL (the D1 run of the same helpers is in tests/worker).
import { createClient } from "@libsql/client";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "./client";
import * as schema from "./schema";
import { DEMO_USERS, seedDemo, seedTenant, syncExtraPermissions, syncRegistryMenus } from "./seed/demo";
import { hasScreen, loadAccess } from "~/modules/access/access.server";
import { passwordLogin, MAX_FAILURES } from "~/modules/auth/login.server";
import { readSession, startSession, endSession } from "~/modules/auth/session.server";
import type { Env } from "../workers/env";

let db: Db;
const env = { APP_ENV: "test", SESSION_SECRET: "node-test-secret" } as Env;

beforeAll(async () => {
  const client = createClient({ url: ":memory:" });
  const raw = drizzle(client);
  // the schema named: inferring it made tsc work out the variance of drizzle's session types (seconds)
  await migrate<Record<string, never>>(raw, { migrationsFolder: "./db/migrations" });
  db = raw as unknown as Db;
  await seedDemo(db);
});

describe("seed on libSQL", () => {
  it("gives the administrator the data-permission approve code, the dispatchers not; older databases get it", async () => {
    const [admin] = await db.select().from(schema.users).where(eq(schema.users.loginAccount, DEMO_USERS.admin.account));
    const [project] = await db.select().from(schema.users).where(eq(schema.users.loginAccount, DEMO_USERS.project.account));
    expect((await loadAccess(db, admin!)).permissions.has("dataPermission:approve")).toBe(true);
    const projectAccess = await loadAccess(db, project!);
    expect(projectAccess.permissions.has("dataPermission:add")).toBe(true);
    expect(projectAccess.permissions.has("dataPermission:approve")).toBe(false);
    await db.delete(schema.rolePermissions).where(eq(schema.rolePermissions.code, "dataPermission:approve"));
    expect(await syncExtraPermissions(db)).toBe(1);
    expect((await loadAccess(db, admin!)).permissions.has("dataPermission:approve")).toBe(true);
    expect(await syncExtraPermissions(db)).toBe(0);
  });
  it("creates the demo tenant once and keeps it on a second run", async () => {
    expect((await seedDemo(db)).created).toBe(false);
    expect(await db.select().from(schema.tenants).where(eq(schema.tenants.code, "demo"))).toHaveLength(1);
  });
  it("gives the viewer the reports but not user management", async () => {
    const [viewer] = await db.select().from(schema.users).where(eq(schema.users.loginAccount, DEMO_USERS.viewer.account));
    const access = await loadAccess(db, viewer!);
    expect(hasScreen(access, "/manageWork")).toBe(true);
    expect(hasScreen(access, "/reportStat")).toBe(true);
    expect(hasScreen(access, "/userManage")).toBe(false);
    expect(access.permissions.has("disData:add")).toBe(false);
  });
  it("gives the administrator every screen and function code", async () => {
    const [admin] = await db.select().from(schema.users).where(eq(schema.users.loginAccount, DEMO_USERS.admin.account));
    const access = await loadAccess(db, admin!);
    expect(hasScreen(access, "/userManage")).toBe(true);
    expect(access.permissions.has("disData:add")).toBe(true);
  });
  it("adds screens new to the registry to an existing tenant, for its administrators only", async () => {
    const [admin] = await db.select().from(schema.users).where(eq(schema.users.loginAccount, DEMO_USERS.admin.account));
    const [viewer] = await db.select().from(schema.users).where(eq(schema.users.loginAccount, DEMO_USERS.viewer.account));
    // as if /orgManage had been added to the registry after this tenant was made
    await db.delete(schema.roleMenus).where(eq(schema.roleMenus.menuId, db.select({ id: schema.menus.id }).from(schema.menus).where(eq(schema.menus.routerPath, "/orgManage"))));
    await db.delete(schema.menus).where(eq(schema.menus.routerPath, "/orgManage"));
    expect(hasScreen(await loadAccess(db, admin!), "/orgManage")).toBe(false);
    expect(await syncRegistryMenus(db)).toBe(1);
    const access = await loadAccess(db, admin!);
    expect(hasScreen(access, "/orgManage")).toBe(true);
    expect(access.permissions.has("orgManage:add")).toBe(true);
    expect(hasScreen(await loadAccess(db, viewer!), "/orgManage")).toBe(false);
    expect(await syncRegistryMenus(db)).toBe(0);
  });
});

describe("sign-in and sessions on libSQL", () => {
  it("signs in with the right password and refuses a wrong one without telling whether the account exists", async () => {
    expect(await passwordLogin(db, { account: "admin", password: DEMO_USERS.admin.password })).toMatchObject({ ok: true });
    expect(await passwordLogin(db, { account: "admin", password: "Wrong@2026" })).toEqual({ ok: false, error: "badCredentials" });
    expect(await passwordLogin(db, { account: "nobody-here", password: "Wrong@2026" })).toEqual({ ok: false, error: "badCredentials" });
  });
  it("makes a source wait after five failures of an account name, existing or not", async () => {
    await seedTenant(db, { code: "lockco", name: "Lock Co", users: [{ role: "viewer", account: "lockme", password: "Lockme@2026", name: "Lock Me" }] });
    for (const account of ["lockme", "ghost-account"]) {
      for (let i = 0; i < MAX_FAILURES - 1; i++) expect((await passwordLogin(db, { account, password: "Nope@2026" })).ok).toBe(false);
      expect(await passwordLogin(db, { account, password: "Nope@2026" })).toMatchObject({ ok: false, error: "locked", retryAfterMs: expect.any(Number) });
    }
    expect(await passwordLogin(db, { account: "lockme", password: "Lockme@2026" })).toMatchObject({ ok: false, error: "locked" });
  });
  it("starts, reads and revokes a session row", async () => {
    const [admin] = await db.select().from(schema.users).where(eq(schema.users.loginAccount, "admin"));
    const req = new Request("http://localhost/manageWork");
    const cookie = await startSession(req, env, db, admin!, 0);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const signedIn = new Request("http://localhost/manageWork", { headers: { Cookie: cookie.split(";")[0]! } });
    const state = await readSession(signedIn, env, db);
    expect(state.status).toBe("ok");
    await endSession(signedIn, env, db);
    expect((await readSession(signedIn, env, db)).status).toBe("invalid");
  });
  it("treats a tampered cookie as invalid", async () => {
    const tampered = new Request("http://localhost/", { headers: { Cookie: "derrick_session=eyJhIjoxfQ%3D%3D.forged" } });
    expect((await readSession(tampered, env, db)).status).toBe("invalid");
    expect((await readSession(new Request("http://localhost/"), env, db)).status).toBe("none");
  });
});
