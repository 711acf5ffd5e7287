import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SYSTEM } from "~/i18n/screen/system-admin";
import { ResourcePage } from "~/modules/resource/resource-page";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import type { RowOf } from "~/modules/resource/resource.server";
import { listHref } from "~/lib/list/types";
import { requireScope } from "~/modules/access/access.server";
import { applicationApproval, applicationView } from "~/modules/system/application.resource";
import { heldCodes } from "~/modules/workflow/machine";
import { TransitionButtons, TransitionPanel } from "~/modules/workflow/transition-ui";
import { applicationIntents, applicationResource } from "~/modules/system/application.server";
import { Button } from "~/ui/field";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "应用管理", en: "Application Management" }) }];
export async function loader(args: LoaderFunctionArgs) {
  const [page, scope] = await Promise.all([resourceLoader(args, applicationResource), requireScope(args.request, args.context, { screen: applicationView.path })]);
  return data({ ...page.data, codes: heldCodes(applicationApproval, scope.access.permissions), me: scope.user.id }, page.init ?? undefined);
}
export const action = (args: ActionFunctionArgs) => resourceAction(args, applicationResource, { intents: applicationIntents });

export default function ApplicationManage() {
  const { t } = useTranslation(SYSTEM);
  const { query, can, codes, me } = useLoaderData<typeof loader>();
  const back = listHref(applicationView.path, query);
  const review = (decision: "approve" | "refuse") => (
    <Button type="submit" name="intent" value={decision === "approve" ? "confirmApprove" : "confirmRefuse"} variant="ghost">
      {t(`application.${decision}`)}
    </Button>
  );
  return (
    <>
      <ResourcePage<RowOf<typeof applicationResource>>
        view={applicationView}
        toolbar={
          can.edit ? (
            <>
              {review("approve")}
              {review("refuse")}
            </>
          ) : null
        }
        rowActions={(row) => (
          <>
            <Link to={`/applicationManage/form?id=${row.id}`} className="text-brand">
              {t("application.detail")}
            </Link>
            <TransitionButtons machine={applicationApproval} row={row} codes={codes} me={me} />
          </>
        )}
      />
      <TransitionPanel machine={applicationApproval} back={back} />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
