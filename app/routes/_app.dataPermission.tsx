import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SYSTEM } from "~/i18n/screen/system-admin";
import { withQuery } from "~/lib/navigation";
import { requireScope } from "~/modules/access/access.server";
import { ResourcePage } from "~/modules/resource/resource-page";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import type { RowOf } from "~/modules/resource/resource.server";
import { listHref } from "~/lib/list/types";
import { DATA_PERMISSION_APPROVAL_STATES, dataPermissionApproval, dataPermissionEnablement, dataPermissionView } from "~/modules/system/data-permission.resource";
import { historyOf } from "~/modules/workflow/approval.server";
import { ApprovalHistoryPanel } from "~/modules/workflow/approval-history";
import { heldCodes } from "~/modules/workflow/machine";
import { TransitionButtons, TransitionPanel } from "~/modules/workflow/transition-ui";
import { dataPermissionApprovalKind, dataPermissionIntents, dataPermissionResource, isApprover } from "~/modules/system/data-permission.server";
import { Button } from "~/ui/field";
import { RouteErrorBoundary } from "~/ui/error-state";
import { QueryLink } from "~/widgets/list-navigation";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "数据权限", en: "Data Permissions" }) }];

export async function loader(args: LoaderFunctionArgs) {
  const [page, scope] = await Promise.all([resourceLoader(args, dataPermissionResource), requireScope(args.request, args.context, { screen: dataPermissionView.path })]);
  const codes = [...heldCodes(dataPermissionApproval, scope.access.permissions), ...heldCodes(dataPermissionEnablement, scope.access.permissions)];
  // the document's approval (steps and records) beside its detail
  const viewed = page.data.form?.mode === "view" ? (page.data.form.values as { id?: number; state?: number }) : null;
  const approval = viewed?.id ? await historyOf(scope, dataPermissionApprovalKind, viewed.id, Number(viewed.state)) : null;
  return data({ ...page.data, canApprove: isApprover(scope), codes, me: scope.user.id, approval }, page.init ?? undefined);
}
export const action = (args: ActionFunctionArgs) => resourceAction(args, dataPermissionResource, { intents: dataPermissionIntents });

const MACHINES = [dataPermissionApproval, dataPermissionEnablement];

export default function DataPermission() {
  const { t } = useTranslation(SYSTEM);
  const { t: tr } = useTranslation("resource");
  const { query, canApprove, codes, me, approval } = useLoaderData<typeof loader>();
  const back = listHref(dataPermissionView.path, query);
  return (
    <>
      <ResourcePage<RowOf<typeof dataPermissionResource>>
        view={dataPermissionView}
        detail={approval ? <ApprovalHistoryPanel history={approval} /> : null}
        toolbar={
          canApprove ? (
            <>
              {/* the names posted before the engine (confirmApprove / confirmRefuse) are kept: links and scripts use them */}
              <Button type="submit" name="intent" value="confirmApprove" variant="ghost">
                {t("dataPermission.approve")}
              </Button>
              <Button type="submit" name="intent" value="confirmRefuse" variant="ghost">
                {t("dataPermission.refuse")}
              </Button>
            </>
          ) : null
        }
        rowActions={(row, can) => (
          <>
            {can.edit && row.state === DATA_PERMISSION_APPROVAL_STATES.pending && row.userId === me ? (
              <QueryLink to={withQuery(back, `edit=${row.id}`)} className="text-brand">
                {tr("edit")}
              </QueryLink>
            ) : null}
            {MACHINES.map((m) => (
              <TransitionButtons key={m.kind + m.transitions[0]!.name} machine={m} row={row} codes={codes} me={me} />
            ))}
          </>
        )}
      />
      <TransitionPanel machine={MACHINES} back={back} />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
