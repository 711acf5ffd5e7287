import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { listHref } from "~/lib/list/types";
import { withQuery } from "~/lib/navigation";
import { pageTitle } from "~/lib/page-title";
import { ResourcePage } from "~/modules/resource/resource-page";
import type { RowOf } from "~/modules/resource/resource.server";
import { LockTabs } from "~/modules/terminals/lock-tabs";
import { LockTaskDrawer } from "~/modules/terminals/lock-forms";
import { lockTasksAction, lockTasksLoader, type LockActionData } from "~/modules/terminals/lock-page.server";
import { lockTaskView } from "~/modules/terminals/lock.resource";
import type { lockTaskResource } from "~/modules/terminals/lock.server";
import { LOCK_RECORDS_PATH, lockTaskStates } from "~/modules/terminals/terminals";
import { TERMINALS } from "~/modules/terminals/texts/terminals";
import { ApprovalHistoryPanel } from "~/modules/workflow/approval-history";
import { TransitionButtons, TransitionPanel } from "~/modules/workflow/transition-ui";
import { LinkButton } from "~/ui/button";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "锁车管理", en: "Vehicle Lock Management" }) }];

/** /lockCarManage 锁车管理, its first tab 锁车任务: every task with what its command shows, the lock approval, a new task. */
export const loader = (args: LoaderFunctionArgs) => lockTasksLoader(args);
export const action = (args: ActionFunctionArgs) => lockTasksAction(args);

export default function LockTasks() {
  const { t } = useTranslation(TERMINALS);
  const { query, codes, me, approval, canAdd, canEmergency, lockForm } = useLoaderData<typeof loader>();
  const posted = useActionData<LockActionData>();
  const back = listHref(lockTaskView.path, query);
  const lock = posted?.intent === "lock" ? posted : null;
  const stop = lockForm?.stop ?? null;
  return (
    <>
      <LockTabs />
      <ResourcePage<RowOf<typeof lockTaskResource>>
        view={lockTaskView}
        detail={approval ? <ApprovalHistoryPanel history={approval} /> : null}
        toolbar={
          <>
            {canAdd ? (
              <LinkButton to={withQuery(back, "lock=1")} variant="primary" data-testid="new-lock">
                {t("newLock")}
              </LinkButton>
            ) : null}
            {canEmergency ? <LinkButton to={`${LOCK_RECORDS_PATH}?emergency=1`}>{t("emergency")}</LinkButton> : null}
          </>
        }
        rowActions={(row) => <TransitionButtons machine={lockTaskStates} row={row} codes={codes} me={me} />}
      />
      <TransitionPanel machine={lockTaskStates} back={back} />
      {lockForm || lock ? (
        <LockTaskDrawer
          closeTo={back}
          action={withQuery(back, stop ? `lock=1&stop=${stop.id}` : "lock=1")}
          values={lock?.values ?? { plates: stop ? stop.vehicles.map((v) => v.plate).join("\n") : (lockForm?.plates ?? "") }}
          errors={lock?.errors ?? {}}
          confirm={lock?.confirm}
          stop={stop}
        />
      ) : null}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
