// The query layer on D1 (the libSQL run of the same helpers is db/query-layer.test.ts).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenants, users } from "../../db/schema";
import { seedDemo } from "../../db/seed/demo";
import { hasScreen, loadAccess } from "../../app/modules/access/access.server";
import { passwordLogin } from "../../app/modules/auth/login.server";
import { db, makeTenant } from "./helpers";

describe("query layer on D1", () => {
  it("keeps the demo tenant on a second seed", async () => {
    expect((await seedDemo(db())).created).toBe(false);
    expect(await db().select().from(tenants).where(eq(tenants.code, "demo"))).toHaveLength(1);
  });
  it("signs in and loads menus through the same helpers", async () => {
    const t = await makeTenant({ role: "viewer" });
    expect(await passwordLogin(db(), { account: t.account, password: t.password })).toEqual({ ok: true, user: { id: t.userId, tenantId: t.tenantId } });
    const [u] = await db().select().from(users).where(eq(users.id, t.userId));
    const access = await loadAccess(db(), u!);
    expect(hasScreen(access, "/reportStat")).toBe(true);
    expect(hasScreen(access, "/userManage")).toBe(false);
  });
});
