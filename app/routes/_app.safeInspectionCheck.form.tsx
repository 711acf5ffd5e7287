import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/lib/page-title";
import { DocumentPage } from "~/modules/resource/document-page";
import { documentAction } from "~/modules/resource/document.server";
import { checkStates, checkView } from "~/modules/safety/safety-check.resource";
import { checkDocument } from "~/modules/safety/safety-check.server";
import { checkPage } from "~/modules/safety/safety-pages.server";
import { CheckRelatedSection } from "~/modules/safety/safety-related";
import { SAFETY } from "~/modules/safety/texts/safety";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "安全检查", en: "Safety inspection" }) }];

/** /safeInspectionCheck/form: one inspection (`?id=`) or a new one (`?new=1`, with the standard checklist), on the house's document page. */
export const loader = (args: LoaderFunctionArgs) => checkPage(args);
export const action = (args: ActionFunctionArgs) => documentAction(args, checkDocument);

export default function SafetyInspection() {
  // the transitions' words and the inspection's own refusals are in the safety namespace: it comes with this chunk
  useTranslation(SAFETY);
  const { doc, related } = useLoaderData<typeof loader>();
  return (
    <DocumentPage view={checkView} machine={checkStates}>
      {doc && related ? <CheckRelatedSection id={doc.id} state={doc.state} related={related} /> : null}
    </DocumentPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
