import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/lib/page-title";
import { ResourcePage } from "~/modules/resource/resource-page";
import type { RowOf } from "~/modules/resource/resource.server";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { reformView } from "~/modules/safety/reform.resource";
import { reformMachine, reformOptions, reformResource } from "~/modules/safety/reform.server";
import { SAFETY } from "~/modules/safety/texts/safety";
import { transitionIntents } from "~/modules/workflow/engine.server";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "安全整改", en: "Safety Rectification" }) }];

/** /safetyReform 安全整改: the rectification notices (one opens on /safetyReform/form). */
export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, reformResource, { options: reformOptions });
export const action = (args: ActionFunctionArgs) => resourceAction(args, reformResource, { intents: transitionIntents(reformMachine) });

export default function SafetyReforms() {
  // the transitions' words and the notice's own refusals are in the safety namespace: it comes with this chunk
  useTranslation(SAFETY);
  return <ResourcePage<RowOf<typeof reformResource>> view={reformView} />;
}

export const ErrorBoundary = RouteErrorBoundary;
