import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiJson, requireApiScope } from "~/modules/access/access.server";
import { issueProjectToken } from "~/modules/auth/login.server";

/** Menu items 4001/4002: a short-lived token for the project-management system (its own audience: it never signs in here). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env, user } = await requireApiScope(request, context);
  return apiJson({ code: 200, data: await issueProjectToken(env, user.loginAccount, 120) });
}
