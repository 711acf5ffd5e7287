import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useMessage } from "~/i18n/message";
import { listHref } from "~/lib/list/types";
import { withQuery } from "~/lib/navigation";
import { pageTitle } from "~/lib/page-title";
import { RefusalPanel } from "~/modules/resource/confirm-panel";
import { ResourcePage } from "~/modules/resource/resource-page";
import type { RowOf } from "~/modules/resource/resource.server";
import { LockTabs } from "~/modules/terminals/lock-tabs";
import { OtaTaskDrawer, TaskVehicles } from "~/modules/terminals/ota-forms";
import { otaTasksAction, otaTasksLoader, type OtaActionData } from "~/modules/terminals/ota-page.server";
import type { otaTaskResource } from "~/modules/terminals/ota-task.server";
import { otaTaskView } from "~/modules/terminals/ota.resource";
import { TERMINALS } from "~/modules/terminals/texts/terminals";
import { LinkButton } from "~/ui/button";
import { RouteErrorBoundary } from "~/ui/error-state";
import { RowForm } from "~/widgets/list-navigation";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "锁车管理", en: "Vehicle Lock Management" }) }];

/** /lockCarManage/upgrades 升级任务 (OTA): a package sent to a set of machines, with its progress and 重试失败. */
export const loader = (args: LoaderFunctionArgs) => otaTasksLoader(args);
export const action = (args: ActionFunctionArgs) => otaTasksAction(args);

export default function UpgradeTasks() {
  const { t } = useTranslation(TERMINALS);
  const message = useMessage();
  const { query, canAdd, vehicles, viewedId, taskForm } = useLoaderData<typeof loader>();
  const posted = useActionData<OtaActionData>();
  const back = listHref(otaTaskView.path, query);
  const refused = posted?.intent === "createTask" ? posted : null;
  return (
    <>
      <LockTabs />
      <ResourcePage<RowOf<typeof otaTaskResource>>
        view={otaTaskView}
        detail={vehicles && viewedId ? <TaskVehicles taskId={viewedId} rows={vehicles} canRetry={canAdd} /> : null}
        toolbar={
          canAdd ? (
            <LinkButton to={withQuery(back, "task=new")} variant="primary" data-testid="new-task">
              {t("newTask")}
            </LinkButton>
          ) : null
        }
        rowActions={(row) =>
          canAdd && row.fail > 0 ? (
            <RowForm className="inline">
              <input type="hidden" name="ids" value={row.id} />
              <button type="submit" name="intent" value="retry" className="text-brand">
                {t("retryCount", { count: row.fail })}
              </button>
            </RowForm>
          ) : null
        }
      />
      {taskForm || refused ? <OtaTaskDrawer closeTo={back} action={withQuery(back, "task=new")} packages={taskForm?.packages ?? []} values={refused?.values ?? { packageId: taskForm?.packageId ?? "" }} errors={refused?.errors ?? {}} /> : null}
      {posted?.intent === "refused" ? <RefusalPanel message={message(posted.error)} back={back} /> : null}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
