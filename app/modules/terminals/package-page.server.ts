/**
 * The loader and action of 版本包 (/lockCarManage/packages): the list, the upload's drawer (`?upload=1`), a package's
 * deletion asked first (`?delete=<id>`), an unfinished upload given up by its uploader.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { tenantWhere } from "../../../db/tenant";
import { requireScope } from "~/modules/access/access.server";
import { flashCookie } from "~/modules/auth/session.server";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { abandonUpload, deletePackage, packageResource } from "./package.server";
import { otaPackages } from "./tables.server";
import { LOCK_ADD_CODE, LOCK_DELETE_CODE, LOCK_PATH } from "./terminals";

export type PackageActionData = { intent: "refused"; error: string };

export async function packagesLoader(args: LoaderFunctionArgs) {
  const [page, scope] = await Promise.all([resourceLoader(args, packageResource), requireScope(args.request, args.context, { screen: LOCK_PATH })]);
  const url = new URL(args.request.url);
  const canAdd = scope.access.permissions.has(LOCK_ADD_CODE);
  const canDelete = scope.access.permissions.has(LOCK_DELETE_CODE);
  const deleteId = Number(url.searchParams.get("delete"));
  const [deleting] =
    canDelete && Number.isSafeInteger(deleteId) && deleteId > 0
      ? await scope.db.select({ id: otaPackages.id, versionCode: otaPackages.versionCode }).from(otaPackages).where(tenantWhere(otaPackages, scope, eq(otaPackages.id, deleteId)))
      : [];
  return data({ ...page.data, canAdd, canDelete, me: scope.user.id, uploading: canAdd && url.searchParams.get("upload") === "1", deleting: deleting ?? null }, page.init ?? undefined);
}

const done = (back: string) => redirect(back, { headers: { "Set-Cookie": flashCookie("saved") } });

export const packagesAction = (args: ActionFunctionArgs) =>
  resourceAction(args, packageResource, {
    intents: {
      deletePackage: {
        permission: "delete",
        run: async (scope, form, back) => {
          const outcome = await deletePackage(scope, Number(form.get("id")));
          if (outcome.ok) return done(back);
          if (outcome.status === 404) throw new Response("Not Found", { status: 404 });
          return data<PackageActionData>({ intent: "refused", error: outcome.errors.form ?? "" }, { status: outcome.status });
        },
      },
      abandonUpload: {
        permission: "add",
        run: async (scope, form, back) => {
          const outcome = await abandonUpload(scope, Number(form.get("id")));
          if (outcome.ok) return done(back);
          if (outcome.status === 404) throw new Response("Not Found", { status: 404 });
          return data<PackageActionData>({ intent: "refused", error: outcome.errors.form ?? "" }, { status: outcome.status });
        },
      },
    },
  });
