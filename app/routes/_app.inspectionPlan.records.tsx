import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/lib/page-title";
import { PlanTabs } from "~/modules/inspections/plan-tabs";
import { recordView } from "~/modules/inspections/record.resource";
import { recordResource } from "~/modules/inspections/record.server";
import { INSPECTION } from "~/modules/inspections/texts/inspection";
import { ResourcePage } from "~/modules/resource/resource-page";
import type { RowOf } from "~/modules/resource/resource.server";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "巡检记录", en: "Inspection Records" }) }];

/** /inspectionPlan/records 巡检记录: every record made (read-only; export), each opening as it was filled in. */
export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, recordResource);
export const action = (args: ActionFunctionArgs) => resourceAction(args, recordResource);

export default function InspectionRecords() {
  const { t } = useTranslation(INSPECTION);
  return (
    <>
      <PlanTabs />
      <ResourcePage<RowOf<typeof recordResource>>
        view={recordView}
        rowActions={(row) => (
          <Link to={`/personalInspection/record?id=${row.id}`} className="text-brand hover:underline">
            {t("page.record")}
          </Link>
        )}
      />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
