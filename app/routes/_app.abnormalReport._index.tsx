import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/lib/page-title";
import { abnormalityView } from "~/modules/inspections/abnormality.resource";
import { abnormalityMachine, abnormalityResource } from "~/modules/inspections/abnormality.server";
import { INSPECTION } from "~/modules/inspections/texts/inspection";
import { ResourcePage } from "~/modules/resource/resource-page";
import type { RowOf } from "~/modules/resource/resource.server";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { transitionIntents } from "~/modules/workflow/engine.server";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "异常上报", en: "Issue Reporting" }) }];

/** /abnormalReport 异常上报: the machines' issues (one opens on /abnormalReport/form). */
export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, abnormalityResource);
export const action = (args: ActionFunctionArgs) => resourceAction(args, abnormalityResource, { intents: transitionIntents(abnormalityMachine) });

export default function Abnormalities() {
  useTranslation(INSPECTION);
  return <ResourcePage<RowOf<typeof abnormalityResource>> view={abnormalityView} />;
}

export const ErrorBoundary = RouteErrorBoundary;
