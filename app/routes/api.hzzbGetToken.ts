import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiJson, requireApiScope } from "~/modules/access/access.server";
import { issueZuqiToken } from "~/modules/auth/login.server";

/** Menu item 4001: a short-lived token for the project-management system. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env, user } = await requireApiScope(request, context);
  return apiJson({ code: 200, data: await issueZuqiToken(env, user.loginAccount, 120) });
}
