import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/lib/page-title";
import { ResourcePage } from "~/modules/resource/resource-page";
import type { RowOf } from "~/modules/resource/resource.server";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { checkView } from "~/modules/safety/safety-check.resource";
import { checkMachine, checkOptions, checkResource } from "~/modules/safety/safety-check.server";
import { SAFETY } from "~/modules/safety/texts/safety";
import { transitionIntents } from "~/modules/workflow/engine.server";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "安全检查", en: "Safety Inspections" }) }];

/** /safeInspectionCheck 安全检查: the site inspections (one opens on /safeInspectionCheck/form). */
export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, checkResource, { options: checkOptions });
export const action = (args: ActionFunctionArgs) => resourceAction(args, checkResource, { intents: transitionIntents(checkMachine) });

export default function SafetyInspections() {
  // the transitions' words and the inspection's own refusals are in the safety namespace: it comes with this chunk
  useTranslation(SAFETY);
  return <ResourcePage<RowOf<typeof checkResource>> view={checkView} />;
}

export const ErrorBoundary = RouteErrorBoundary;
