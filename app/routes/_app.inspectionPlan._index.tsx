import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/lib/page-title";
import { planView } from "~/modules/inspections/plan.resource";
import { planMachine, planOptions, planResource } from "~/modules/inspections/plan.server";
import { PlanTabs } from "~/modules/inspections/plan-tabs";
import { INSPECTION } from "~/modules/inspections/texts/inspection";
import { ResourcePage } from "~/modules/resource/resource-page";
import type { RowOf } from "~/modules/resource/resource.server";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { transitionIntents } from "~/modules/workflow/engine.server";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "巡检计划", en: "Inspection Plans" }) }];

/** /inspectionPlan 巡检计划: the plans (a plan opens on /inspectionPlan/form), and the records made under 巡检记录. */
export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, planResource, { options: planOptions });
export const action = (args: ActionFunctionArgs) => resourceAction(args, planResource, { intents: transitionIntents(planMachine) });

export default function Plans() {
  useTranslation(INSPECTION);
  return (
    <>
      <PlanTabs />
      <ResourcePage<RowOf<typeof planResource>> view={planView} />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
