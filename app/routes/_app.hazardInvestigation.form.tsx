import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/lib/page-title";
import { DocumentPage } from "~/modules/resource/document-page";
import { documentAction } from "~/modules/resource/document.server";
import { hazardView } from "~/modules/safety/hazard.resource";
import { hazardDocument } from "~/modules/safety/hazard.server";
import { hazardPage } from "~/modules/safety/safety-pages.server";
import { HazardRelatedSection } from "~/modules/safety/safety-related";
import { SAFETY } from "~/modules/safety/texts/safety";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "安全隐患", en: "Hazard" }) }];

/** /hazardInvestigation/form: one hazard (`?id=`) or a new one (`?new=1`, from an inspection with `&checkId=`), on the house's document page. */
export const loader = (args: LoaderFunctionArgs) => hazardPage(args);
export const action = (args: ActionFunctionArgs) => documentAction(args, hazardDocument);

export default function Hazard() {
  // the hazard's own refusals are in the safety namespace: it comes with this chunk
  useTranslation(SAFETY);
  const { doc, related } = useLoaderData<typeof loader>();
  return <DocumentPage view={hazardView}>{doc && related ? <HazardRelatedSection id={doc.id} related={related} /> : null}</DocumentPage>;
}

export const ErrorBoundary = RouteErrorBoundary;
