import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { pageTitle } from "~/lib/page-title";
import { ResourcePage } from "~/modules/resource/resource-page";
import type { RowOf } from "~/modules/resource/resource.server";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { idlePeriodView } from "~/modules/billing/idle-period.resource";
import { idlePeriodMachine, idlePeriodResource } from "~/modules/billing/idle-period.server";
import { transitionIntents } from "~/modules/workflow/engine.server";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "停滞期申报", en: "Idle Periods" }) }];

/** /idlePeriod 停滞期申报: the list (a declaration opens on /idlePeriod/form). */
export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, idlePeriodResource);
export const action = (args: ActionFunctionArgs) => resourceAction(args, idlePeriodResource, { intents: transitionIntents(idlePeriodMachine) });

export default function IdlePeriods() {
  return <ResourcePage<RowOf<typeof idlePeriodResource>> view={idlePeriodView} />;
}

export const ErrorBoundary = RouteErrorBoundary;
