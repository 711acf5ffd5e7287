import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ResourcePage } from "~/modules/resource/resource-page";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { listHref } from "~/modules/resource/types";
import { applicationView } from "~/modules/system/application.resource";
import { applicationIntents, applicationResource } from "~/modules/system/application.server";
import { ReviewPanel } from "~/modules/system/review-panel";
import { Button } from "~/ui/field";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = () => [{ title: "Derrick · 应用管理 / Application Management" }];
export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, applicationResource);
export const action = (args: ActionFunctionArgs) => resourceAction(args, applicationResource, { intents: applicationIntents });

export default function ApplicationManage() {
  const { t } = useTranslation("system");
  const { query, can } = useLoaderData<typeof loader>();
  const back = listHref(applicationView.path, query);
  const review = (decision: "approve" | "refuse") => (
    <Button type="submit" name="intent" value={decision === "approve" ? "confirmApprove" : "confirmRefuse"} variant="ghost">
      {t(`application.${decision}`)}
    </Button>
  );
  return (
    <>
      <ResourcePage
        view={applicationView}
        toolbar={
          can.edit ? (
            <>
              {review("approve")}
              {review("refuse")}
            </>
          ) : null
        }
        rowActions={(row, rowCan) => (
          <>
            <Link to={`/applicationManage/form?id=${row.id}`} className="text-brand">
              {t("application.detail")}
            </Link>
            {rowCan.edit && row.state === 0
              ? (["approve", "refuse"] as const).map((decision) => (
                  <Form key={decision} method="post" className="inline">
                    <input type="hidden" name="ids" value={row.id} />
                    <button type="submit" name="intent" value={decision === "approve" ? "confirmApprove" : "confirmRefuse"} className={decision === "approve" ? "text-success" : "text-danger"}>
                      {t(`application.${decision}`)}
                    </button>
                  </Form>
                ))
              : null}
          </>
        )}
      />
      <ReviewPanel back={back} />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
