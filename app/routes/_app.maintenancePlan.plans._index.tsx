import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { listHref } from "~/lib/list/types";
import { pageTitle } from "~/lib/page-title";
import { requireScope } from "~/modules/access/access.server";
import { MaintenanceTabs } from "~/modules/maintenance/maintenance-tabs";
import { MAINTENANCE_PATH } from "~/modules/maintenance/maintenance";
import { planStates, planView } from "~/modules/maintenance/plan.resource";
import { planMachine, planOptions, planResource } from "~/modules/maintenance/plan.server";
import { MAINTENANCE } from "~/modules/maintenance/texts/maintenance";
import { ResourcePage } from "~/modules/resource/resource-page";
import type { RowOf } from "~/modules/resource/resource.server";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { transitionIntents } from "~/modules/workflow/engine.server";
import { heldCodes } from "~/modules/workflow/machine";
import { TransitionButtons, TransitionPanel, TransitionToolbar } from "~/modules/workflow/transition-ui";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "保养计划", en: "Maintenance Plans" }) }];

/** /maintenancePlan/plans 保养计划: the plans (a plan opens on /maintenancePlan/plans/form), reminders started and stopped. */
export async function loader(args: LoaderFunctionArgs) {
  const [page, scope] = await Promise.all([resourceLoader(args, planResource, { options: planOptions }), requireScope(args.request, args.context, { screen: MAINTENANCE_PATH })]);
  return data({ ...page.data, codes: heldCodes(planStates, scope.access.permissions), me: scope.user.id }, page.init ?? undefined);
}
export const action = (args: ActionFunctionArgs) => resourceAction(args, planResource, { intents: transitionIntents(planMachine) });

export default function MaintenancePlans() {
  // the transitions' words and the plan's own refusals are in the maintenance namespace: it comes with this chunk
  useTranslation(MAINTENANCE);
  const { query, codes, me } = useLoaderData<typeof loader>();
  return (
    <>
      <MaintenanceTabs />
      <ResourcePage<RowOf<typeof planResource>>
        view={planView}
        toolbar={<TransitionToolbar machine={planStates} codes={codes} />}
        rowActions={(row) => <TransitionButtons machine={planStates} row={{ ...row, state: Number(row.state) }} codes={codes} me={me} />}
      />
      <TransitionPanel machine={planStates} back={listHref(planView.path, query)} />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
