import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/lib/page-title";
import { planStates, planView } from "~/modules/inspections/plan.resource";
import { planDocument } from "~/modules/inspections/plan.server";
import { INSPECTION } from "~/modules/inspections/texts/inspection";
import { DocumentPage } from "~/modules/resource/document-page";
import { documentAction, documentLoader } from "~/modules/resource/document.server";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "巡检计划", en: "Inspection plan" }) }];

/** /inspectionPlan/form: one plan (`?id=`) or a new one (`?new=1`), on the house's document page. */
export const loader = (args: LoaderFunctionArgs) => documentLoader(args, planDocument);
export const action = (args: ActionFunctionArgs) => documentAction(args, planDocument);

export default function Plan() {
  useTranslation(INSPECTION);
  return <DocumentPage view={planView} machine={planStates} />;
}

export const ErrorBoundary = RouteErrorBoundary;
