import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { withQuery } from "~/lib/navigation";
import { requireScope } from "~/modules/access/access.server";
import { ResourcePage } from "~/modules/resource/resource-page";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { listHref } from "~/modules/resource/types";
import { DataPermissionPanels } from "~/modules/system/data-permission-panels";
import { dataPermissionView } from "~/modules/system/data-permission.resource";
import { dataPermissionIntents, dataPermissionResource, isApprover } from "~/modules/system/data-permission.server";
import { Button } from "~/ui/field";
import { RouteErrorBoundary } from "~/ui/error-state";
import { QueryLink, RowForm } from "~/widgets/list-navigation";

export const meta: MetaFunction = () => [{ title: "Derrick · 数据权限 / Data Permissions" }];

export async function loader(args: LoaderFunctionArgs) {
  const [page, scope] = await Promise.all([resourceLoader(args, dataPermissionResource), requireScope(args.request, args.context, { screen: dataPermissionView.path })]);
  return data({ ...page.data, canApprove: isApprover(scope), me: scope.user.id }, page.init ?? undefined);
}
export const action = (args: ActionFunctionArgs) => resourceAction(args, dataPermissionResource, { intents: dataPermissionIntents });

export default function DataPermission() {
  const { t } = useTranslation("system");
  const { t: tr } = useTranslation("resource");
  const { query, canApprove, me } = useLoaderData<typeof loader>();
  const back = listHref(dataPermissionView.path, query);
  const rowButton = (id: number, intent: string, label: string, tone: string, extra?: [string, string]) => (
    <RowForm key={intent} className="inline">
      <input type="hidden" name="ids" value={id} />
      {extra ? <input type="hidden" name={extra[0]} value={extra[1]} /> : null}
      <button type="submit" name="intent" value={intent} className={tone}>
        {label}
      </button>
    </RowForm>
  );
  return (
    <>
      <ResourcePage
        view={dataPermissionView}
        toolbar={
          canApprove ? (
            <>
              <Button type="submit" name="intent" value="confirmApprove" variant="ghost">
                {t("dataPermission.approve")}
              </Button>
              <Button type="submit" name="intent" value="confirmRefuse" variant="ghost">
                {t("dataPermission.refuse")}
              </Button>
            </>
          ) : null
        }
        rowActions={(row, can) => {
          const id = row.id;
          return (
            <>
              {can.edit && row.state === 0 && row.userId === me ? (
                <QueryLink to={withQuery(back, `edit=${id}`)} className="text-brand">
                  {tr("edit")}
                </QueryLink>
              ) : null}
              {canApprove && row.state === 0 && row.userId !== me ? (
                <>
                  {rowButton(id, "confirmApprove", t("dataPermission.approve"), "text-success")}
                  {rowButton(id, "confirmRefuse", t("dataPermission.refuse"), "text-danger")}
                </>
              ) : null}
              {canApprove && row.state === 1
                ? row.enabled === 1
                  ? rowButton(id, "confirmState", t("dataPermission.disable"), "text-danger", ["enabled", "0"])
                  : rowButton(id, "confirmState", t("dataPermission.enable"), "text-success", ["enabled", "1"])
                : null}
            </>
          );
        }}
      />
      <DataPermissionPanels back={back} />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
