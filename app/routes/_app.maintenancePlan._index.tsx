import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/lib/page-title";
import { requireScope } from "~/modules/access/access.server";
import { MaintenanceTabs } from "~/modules/maintenance/maintenance-tabs";
import { MAINTENANCE_PATH } from "~/modules/maintenance/maintenance";
import { scheduleView } from "~/modules/maintenance/schedule.resource";
import { planFilterOptions, scheduleResource } from "~/modules/maintenance/schedule.server";
import { MAINTENANCE } from "~/modules/maintenance/texts/maintenance";
import { ResourcePage } from "~/modules/resource/resource-page";
import type { RowOf } from "~/modules/resource/resource.server";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { QueryLink } from "~/widgets/list-navigation";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "保养计划", en: "Maintenance Plans" }) }];

/** /maintenancePlan 保养计划, its first tab 到期提醒: every machine's schedule under every plan, overdue first. */
export async function loader(args: LoaderFunctionArgs) {
  const [page, scope] = await Promise.all([resourceLoader(args, scheduleResource, { filterOptions: planFilterOptions }), requireScope(args.request, args.context, { screen: MAINTENANCE_PATH })]);
  return data({ ...page.data, canRecord: scope.access.permissions.has("maintenancePlan:add") }, page.init ?? undefined);
}
export const action = (args: ActionFunctionArgs) => resourceAction(args, scheduleResource);

export default function MaintenanceDue() {
  const { t } = useTranslation(MAINTENANCE);
  const { canRecord, total, query } = useLoaderData<typeof loader>();
  return (
    <>
      <MaintenanceTabs />
      {total === 0 && !Object.keys(query.filters).length ? (
        <p className="mx-4 mt-4 rounded-md border border-line bg-panel px-3 py-2 text-sm text-muted" data-testid="no-plans">
          {t("noPlans")}{" "}
          {canRecord ? (
            <Link to={`${MAINTENANCE_PATH}/plans/form?new=1`} className="text-brand">
              {t("newPlan")}
            </Link>
          ) : null}
        </p>
      ) : null}
      <ResourcePage<RowOf<typeof scheduleResource>>
        view={scheduleView}
        rowActions={(row) =>
          canRecord ? (
            <>
              <QueryLink to={`${MAINTENANCE_PATH}/records/form?new=1&planId=${row.planId}&vehicleId=${row.vehicleId}`} className="text-brand" data-testid="record-service">
                {t("recordService")}
              </QueryLink>
              <QueryLink to={`${MAINTENANCE_PATH}/readings?new=1&vehicleId=${row.vehicleId}`} className="text-brand">
                {t("enterReading")}
              </QueryLink>
            </>
          ) : null
        }
      />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
