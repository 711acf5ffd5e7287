import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/lib/page-title";
import { DocumentPage } from "~/modules/resource/document-page";
import { documentAction } from "~/modules/resource/document.server";
import { REFORM_STATE, reformRectifyingView, reformStates, reformView } from "~/modules/safety/reform.resource";
import { reformDocument } from "~/modules/safety/reform.server";
import { reformPage } from "~/modules/safety/safety-pages.server";
import { ReformRelatedSection } from "~/modules/safety/safety-related";
import { SAFETY } from "~/modules/safety/texts/safety";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "隐患整改通知单", en: "Rectification notice" }) }];

/**
 * /safetyReform/form: one rectification notice (`?id=`) or a new one (`?new=1`, from an inspection's failed items with
 * `&checkId=` or from a hazard with `&hazardId=`), on the house's document page; while rectified, only its photos and
 * notes are typed.
 */
export const loader = (args: LoaderFunctionArgs) => reformPage(args);
export const action = (args: ActionFunctionArgs) => documentAction(args, reformDocument);

export default function SafetyReform() {
  // the transitions' words and the notice's own refusals are in the safety namespace: it comes with this chunk
  useTranslation(SAFETY);
  const { doc, related } = useLoaderData<typeof loader>();
  const view = doc?.state === REFORM_STATE.rectifying ? reformRectifyingView : reformView;
  return (
    <DocumentPage view={view} machine={reformStates}>
      {related ? <ReformRelatedSection related={related} /> : null}
    </DocumentPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
