import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiJson, requireApiScope } from "~/modules/access/access.server";
import { findUserDetail } from "~/modules/system/user.server";

/** One user of the caller's tenant; another tenant's id answers 404, never the row. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireApiScope(request, context, { screen: "/userManage" });
  const id = Number(new URL(request.url).searchParams.get("id"));
  if (!Number.isInteger(id) || id <= 0) return apiJson({ code: 400, message: "id must be a positive integer" }, { status: 400 });
  const row = await findUserDetail(scope, id);
  if (!row) return apiJson({ code: 404, message: "not found" }, { status: 404 });
  return apiJson({ code: 200, data: row });
}
