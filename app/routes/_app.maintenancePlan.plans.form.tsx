import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/lib/page-title";
import { PlanSchedules } from "~/modules/maintenance/maintenance-section";
import { planStates, planView } from "~/modules/maintenance/plan.resource";
import { planDocument, planLoader } from "~/modules/maintenance/plan.server";
import { MAINTENANCE } from "~/modules/maintenance/texts/maintenance";
import { DocumentPage } from "~/modules/resource/document-page";
import { documentAction } from "~/modules/resource/document.server";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "保养计划", en: "Maintenance plan" }) }];

/** /maintenancePlan/plans/form: one plan (`?id=`, with its machines and when each is due) or a new one (`?new=1`). */
export const loader = (args: LoaderFunctionArgs) => planLoader(args);
export const action = (args: ActionFunctionArgs) => documentAction(args, planDocument);

export default function MaintenancePlan() {
  useTranslation(MAINTENANCE);
  const { schedules, can } = useLoaderData<typeof loader>();
  return (
    <DocumentPage view={planView} machine={planStates}>
      {schedules ? <PlanSchedules rows={schedules} canRecord={can.add} /> : null}
    </DocumentPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
