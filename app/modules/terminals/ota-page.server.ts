/**
 * The loader and action of 升级任务 (/lockCarManage/upgrades): the list with progress, a new task's drawer
 * (`?task=new`, `&packageId=`), a task's machines in its detail (`?view=`), 重试失败 for the failed machines.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireScope } from "~/modules/access/access.server";
import { flashCookie } from "~/modules/auth/session.server";
import { postedValues } from "~/modules/resource/form.server";
import { postedIds, type FieldErrors } from "~/modules/resource/resource.server";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { createOtaTask, otaTaskResource, retryFailed, taskVehicles } from "./ota-task.server";
import { readyPackages } from "./package.server";
import { texts } from "./lock-page.server";
import { LOCK_ADD_CODE, LOCK_PATH } from "./terminals";

export type OtaActionData = { intent: "createTask"; errors: FieldErrors; values: Record<string, string> } | { intent: "refused"; error: string };

export async function otaTasksLoader(args: LoaderFunctionArgs) {
  const [page, scope] = await Promise.all([resourceLoader(args, otaTaskResource), requireScope(args.request, args.context, { screen: LOCK_PATH })]);
  const url = new URL(args.request.url);
  const canAdd = scope.access.permissions.has(LOCK_ADD_CODE);
  const viewed = page.data.form?.mode === "view" ? (page.data.form.values as { id?: number }) : null;
  const creating = canAdd && url.searchParams.get("task") === "new";
  const [vehicles, packages] = await Promise.all([viewed?.id ? taskVehicles(scope, viewed.id) : null, creating ? readyPackages(scope) : null]);
  return data({ ...page.data, canAdd, vehicles, viewedId: viewed?.id ?? null, taskForm: packages ? { packages, packageId: url.searchParams.get("packageId") ?? "" } : null }, page.init ?? undefined);
}


export const otaTasksAction = (args: ActionFunctionArgs) => {
  // the download links name the address the platform is reached at
  const origin = new URL(args.request.url).origin;
  return resourceAction(args, otaTaskResource, {
    intents: {
      createTask: {
        permission: "add",
        run: async (scope, form, back) => {
          const values = postedValues(form);
          const outcome = await createOtaTask(scope, values, origin);
          if (outcome.ok) return redirect(back, { headers: { "Set-Cookie": flashCookie("saved") } });
          return data<OtaActionData>({ intent: "createTask", errors: outcome.errors, values: texts(values) }, { status: outcome.status });
        },
      },
      retry: {
        permission: "add",
        run: async (scope, form, back) => {
          const outcome = await retryFailed(scope, postedIds(form), origin);
          if (outcome.ok) return redirect(form.get("stay") ? `${back}${back.includes("?") ? "&" : "?"}view=${postedIds(form)[0]}` : back, { headers: { "Set-Cookie": flashCookie("saved") } });
          if (outcome.status === 404) throw new Response("Not Found", { status: 404 });
          return data<OtaActionData>({ intent: "refused", error: outcome.message }, { status: outcome.status });
        },
      },
    },
  });
};
