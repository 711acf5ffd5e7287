/**
 * The loaders and actions of 锁车任务 and 锁车记录 (/lockCarManage, /lockCarManage/records): the generic list with the
 * lock approval's buttons and history, a new task's drawer (`?lock=1`, from an approved stop `&stop=<act>`), the
 * emergency unlock's drawer (`?emergency=1`, `&plate=`) and the answer that shows its code once.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireScope } from "~/modules/access/access.server";
import { flashCookie } from "~/modules/auth/session.server";
import { postedValues } from "~/modules/resource/form.server";
import type { FieldErrors } from "~/modules/resource/resource.server";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { historyOf } from "~/modules/workflow/approval.server";
import { transitionIntents } from "~/modules/workflow/engine.server";
import { heldCodes } from "~/modules/workflow/machine";
import type { OnRent } from "./commands.server";
import { emergenciesOf, emergencyUnlock, lockRecordResource } from "./lock-record.server";
import { approvedStop, createLockTasks, lockApprovalKind, lockTaskMachine, lockTaskResource } from "./lock.server";
import { LOCK_ADD_CODE, LOCK_EMERGENCY_CODE, LOCK_PATH, LOCK_TASK_STATE, lockTaskStates } from "./terminals";

/** What the new task's drawer shows again after a refusal, or asks to confirm. */
export type LockActionData =
  | { intent: "lock"; errors: FieldErrors; values: Record<string, string>; confirm?: OnRent[] }
  | { intent: "emergency"; errors: FieldErrors; values: Record<string, string> }
  | { intent: "emergencyCode"; code: string; plate: string; terminalNo: string; deviceTime: string };

/** The posted form's text fields, as a refused form shows them again. */
export const texts = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => typeof e[1] === "string"));

/** 锁车任务: the list, the approval's codes and history, and the new task's drawer. */
export async function lockTasksLoader(args: LoaderFunctionArgs) {
  const [page, scope] = await Promise.all([resourceLoader(args, lockTaskResource), requireScope(args.request, args.context, { screen: LOCK_PATH })]);
  const url = new URL(args.request.url);
  const canAdd = scope.access.permissions.has(LOCK_ADD_CODE);
  const viewed = page.data.form?.mode === "view" ? (page.data.form.values as { id?: number; state?: number }) : null;
  const stopId = Number(url.searchParams.get("stop"));
  const [history, stop] = await Promise.all([
    viewed?.id ? historyOf(scope, lockApprovalKind, viewed.id, Number(viewed.state)) : null,
    canAdd && url.searchParams.get("lock") === "1" && Number.isSafeInteger(stopId) && stopId > 0 ? approvedStop(scope, stopId) : null,
  ]);
  // a task queued at once (not on rent, or from an approved stop) had no approval: none is shown
  const approval = history && (history.records.length || Number(viewed?.state) !== LOCK_TASK_STATE.approved) ? history : null;
  return data(
    {
      ...page.data,
      codes: heldCodes(lockTaskStates, scope.access.permissions),
      me: scope.user.id,
      approval,
      canAdd,
      canEmergency: scope.access.permissions.has(LOCK_EMERGENCY_CODE),
      lockForm: canAdd && url.searchParams.get("lock") === "1" ? { stop, plates: url.searchParams.get("plates") ?? "" } : null,
    },
    page.init ?? undefined,
  );
}

export const lockTasksAction = (args: ActionFunctionArgs) =>
  resourceAction(args, lockTaskResource, {
    intents: {
      ...transitionIntents(lockTaskMachine),
      lock: {
        permission: "add",
        run: async (scope, form, back) => {
          const values = postedValues(form);
          const outcome = await createLockTasks(scope, form, values);
          if (outcome.ok) return redirect(back, { headers: { "Set-Cookie": flashCookie("saved") } });
          return data<LockActionData>({ intent: "lock", errors: outcome.errors, values: texts(values), confirm: outcome.confirm }, { status: outcome.confirm && !Object.keys(outcome.errors).length ? 200 : outcome.status });
        },
      },
    },
  });

/** 锁车记录: the list, a machine's emergency unlocks in its detail, and the emergency unlock's drawer. */
export async function lockRecordsLoader(args: LoaderFunctionArgs) {
  const [page, scope] = await Promise.all([resourceLoader(args, lockRecordResource), requireScope(args.request, args.context, { screen: LOCK_PATH })]);
  const url = new URL(args.request.url);
  const canEmergency = scope.access.permissions.has(LOCK_EMERGENCY_CODE);
  const viewed = page.data.form?.mode === "view" ? (page.data.form.values as { id?: number }) : null;
  return data(
    {
      ...page.data,
      canEmergency,
      emergencies: viewed?.id ? await emergenciesOf(scope, viewed.id) : null,
      emergencyForm: canEmergency && url.searchParams.get("emergency") === "1" ? { plate: url.searchParams.get("plate") ?? "" } : null,
    },
    page.init ?? undefined,
  );
}

export const lockRecordsAction = (args: ActionFunctionArgs) =>
  resourceAction(args, lockRecordResource, {
    intents: {
      emergency: {
        permission: null,
        run: async (scope, form) => {
          const values = postedValues(form);
          // its own code (the screen's six do not name it): refused as the engine refuses a transition, in the page
          if (!scope.access.permissions.has(LOCK_EMERGENCY_CODE)) return data<LockActionData>({ intent: "emergency", errors: { form: "workflow:forbidden" }, values: texts(values) }, { status: 403 });
          const outcome = await emergencyUnlock(scope, values);
          if (!outcome.ok) return data<LockActionData>({ intent: "emergency", errors: outcome.errors, values: texts(values) }, { status: outcome.status });
          // shown once: the answer of this post, never stored nor put in an address
          return data<LockActionData>({ intent: "emergencyCode", code: outcome.code, plate: outcome.plate, terminalNo: outcome.terminalNo, deviceTime: outcome.deviceTime }, { headers: { "Cache-Control": "no-store" } });
        },
      },
    },
  });
