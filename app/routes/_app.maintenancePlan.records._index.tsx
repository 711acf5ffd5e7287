import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/lib/page-title";
import { MaintenanceTabs } from "~/modules/maintenance/maintenance-tabs";
import { recordView } from "~/modules/maintenance/record.resource";
import { recordOptions, recordResource } from "~/modules/maintenance/record.server";
import { planFilterOptions } from "~/modules/maintenance/schedule.server";
import { MAINTENANCE } from "~/modules/maintenance/texts/maintenance";
import { ResourcePage } from "~/modules/resource/resource-page";
import type { RowOf } from "~/modules/resource/resource.server";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "保养记录", en: "Service Records" }) }];

/** /maintenancePlan/records 保养记录: the services done (a record opens on /maintenancePlan/records/form). */
export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, recordResource, { options: recordOptions, filterOptions: planFilterOptions });
export const action = (args: ActionFunctionArgs) => resourceAction(args, recordResource);

export default function MaintenanceRecords() {
  useTranslation(MAINTENANCE);
  return (
    <>
      <MaintenanceTabs />
      <ResourcePage<RowOf<typeof recordResource>> view={recordView} />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
