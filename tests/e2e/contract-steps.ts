import { type Page } from "@playwright/test";
import { hashPassword } from "../../app/lib/password";
import { database } from "./support";

export const MANAGER_PASSWORD = "Passw0rd@26";

/**
 * The manager who approves contracts: a second administrator (the role holds contractList:approve) of the demo
 * tenant's root organisation, written into the e2e database as the seed writes the demo users (making a user through
 * 用户管理 is tested in user-manage.spec.ts and data-table.spec.ts; here it is only set-up).
 */
export async function makeManager(account: string) {
  const db = database();
  const demo = (
    await db.execute(
      "select t.id as tenant, (select o.id from organisations o where o.tenant_id = t.id and o.parent_id is null) as org, (select r.id from roles r where r.tenant_id = t.id and r.name = '系统管理员') as role from tenants t where t.code = 'demo'",
    )
  ).rows[0]!;
  const now = Date.now();
  const user = await db.execute({
    sql: "insert into users (tenant_id, org_id, login_account, user_name, password_hash, phone, state, version, created_at, updated_at) values (?, ?, ?, ?, ?, ?, 1, 1, ?, ?) returning id",
    args: [demo.tenant, demo.org, account, `经理${account.slice(-4)}`, await hashPassword(MANAGER_PASSWORD), `139${String(now).slice(-8)}`, now, now],
  });
  await db.execute({ sql: "insert into user_roles (tenant_id, user_id, role_id) values (?, ?, ?)", args: [demo.tenant, user.rows[0]!.id, demo.role] });
}

/** A transition of the contract document: its button, then 确定 in the confirmation. */
export async function confirmTransition(page: Page, button: string, confirm: string) {
  await page.getByRole("button", { name: button, exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: confirm }).click();
}
