import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { and, eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { ofTenant } from "../../db/tenant";
import { apiJson, requireApiScope } from "~/modules/access/access.server";

/** One user of the caller's tenant; another tenant's id answers 404, never the row. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, user } = await requireApiScope(request, context, { screen: "/userManage" });
  const id = Number(new URL(request.url).searchParams.get("id"));
  if (!Number.isInteger(id) || id <= 0) return apiJson({ code: 400, message: "id must be a positive integer" }, { status: 400 });
  const [row] = await db
    .select({ id: users.id, loginAccount: users.loginAccount, userName: users.userName, state: users.state, email: users.email, phone: users.phone, address: users.address, expiresAt: users.expiresAt, orgId: users.orgId })
    .from(users)
    .where(and(eq(users.id, id), ofTenant(users, user.tenantId)));
  if (!row) return apiJson({ code: 404, message: "not found" }, { status: 404 });
  return apiJson({ code: 200, data: row });
}
