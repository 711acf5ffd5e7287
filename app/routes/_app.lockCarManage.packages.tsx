import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useMessage } from "~/i18n/message";
import { listHref } from "~/lib/list/types";
import { withQuery } from "~/lib/navigation";
import { pageTitle } from "~/lib/page-title";
import { ConfirmPanel, ResourcePage } from "~/modules/resource/resource-page";
import { RefusalPanel } from "~/modules/resource/confirm-panel";
import type { RowOf } from "~/modules/resource/resource.server";
import { LockTabs } from "~/modules/terminals/lock-tabs";
import { packagesAction, packagesLoader, type PackageActionData } from "~/modules/terminals/package-page.server";
import type { packageResource } from "~/modules/terminals/package.server";
import { PackageUploadDrawer } from "~/modules/terminals/package-upload";
import { packageView } from "~/modules/terminals/ota.resource";
import { OTA_TASKS_PATH } from "~/modules/terminals/terminals";
import { TERMINALS } from "~/modules/terminals/texts/terminals";
import { LinkButton } from "~/ui/button";
import { RouteErrorBoundary } from "~/ui/error-state";
import { QueryLink, RowForm } from "~/widgets/list-navigation";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "锁车管理", en: "Vehicle Lock Management" }) }];

/** /lockCarManage/packages 版本包 (OTA): the ZIPs terminals are upgraded from, uploaded in parts. */
export const loader = (args: LoaderFunctionArgs) => packagesLoader(args);
export const action = (args: ActionFunctionArgs) => packagesAction(args);

export default function Packages() {
  const { t } = useTranslation(TERMINALS);
  const message = useMessage();
  const { query, canAdd, canDelete, me, uploading, deleting } = useLoaderData<typeof loader>();
  const posted = useActionData<PackageActionData>();
  const back = listHref(packageView.path, query);
  return (
    <>
      <LockTabs />
      <ResourcePage<RowOf<typeof packageResource>>
        view={packageView}
        toolbar={
          canAdd ? (
            <LinkButton to={withQuery(back, "upload=1")} variant="primary" data-testid="upload-package">
              {t("uploadPackage")}
            </LinkButton>
          ) : null
        }
        rowActions={(row) => (
          <>
            {canAdd && row.uploadState === "ready" ? (
              <QueryLink to={`${OTA_TASKS_PATH}?task=new&packageId=${row.id}`} className="text-brand">
                {t("newTask")}
              </QueryLink>
            ) : null}
            {canAdd && row.uploadState === "uploading" && row.creatorId === me ? (
              <RowForm className="inline">
                <input type="hidden" name="id" value={row.id} />
                <button type="submit" name="intent" value="abandonUpload" className="text-danger">
                  {t("abandonUpload")}
                </button>
              </RowForm>
            ) : null}
            {canDelete && row.taskCount === 0 ? (
              <QueryLink to={withQuery(back, `delete=${row.id}`)} className="text-danger">
                {t("delete")}
              </QueryLink>
            ) : null}
          </>
        )}
      />
      {uploading ? <PackageUploadDrawer closeTo={back} /> : null}
      {deleting && !posted ? (
        <ConfirmPanel title={t("deleteConfirm", { version: deleting.versionCode })} back={back} formAction={back}>
          <input type="hidden" name="intent" value="deletePackage" />
          <input type="hidden" name="id" value={deleting.id} />
        </ConfirmPanel>
      ) : null}
      {posted?.intent === "refused" ? <RefusalPanel message={message(posted.error)} back={back} /> : null}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
