import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/lib/page-title";
import { ResourcePage } from "~/modules/resource/resource-page";
import type { RowOf } from "~/modules/resource/resource.server";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { accidentView } from "~/modules/safety/accident.resource";
import { accidentMachine, accidentOptions, accidentResource } from "~/modules/safety/accident.server";
import { SAFETY } from "~/modules/safety/texts/safety";
import { transitionIntents } from "~/modules/workflow/engine.server";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "事故申报", en: "Accident Filings" }) }];

/** /accidentProposal 事故申报: the accidents filed (one opens on /accidentProposal/form). */
export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, accidentResource, { options: accidentOptions });
export const action = (args: ActionFunctionArgs) => resourceAction(args, accidentResource, { intents: transitionIntents(accidentMachine) });

export default function Accidents() {
  // the accident's own refusals are in the safety namespace: it comes with this chunk
  useTranslation(SAFETY);
  return <ResourcePage<RowOf<typeof accidentResource>> view={accidentView} />;
}

export const ErrorBoundary = RouteErrorBoundary;
