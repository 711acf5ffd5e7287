import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/lib/page-title";
import { ResourcePage } from "~/modules/resource/resource-page";
import type { RowOf } from "~/modules/resource/resource.server";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { hazardView } from "~/modules/safety/hazard.resource";
import { hazardOptions, hazardResource } from "~/modules/safety/hazard.server";
import { SAFETY } from "~/modules/safety/texts/safety";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "隐患排查", en: "Hazard Investigation" }) }];

/** /hazardInvestigation 隐患排查: the hazards found (one opens on /hazardInvestigation/form). */
export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, hazardResource, { options: hazardOptions });
export const action = (args: ActionFunctionArgs) => resourceAction(args, hazardResource);

export default function Hazards() {
  // the hazard's own refusals are in the safety namespace: it comes with this chunk
  useTranslation(SAFETY);
  return <ResourcePage<RowOf<typeof hazardResource>> view={hazardView} />;
}

export const ErrorBoundary = RouteErrorBoundary;
