import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/lib/page-title";
import { procedureStates, procedureView } from "~/modules/inspections/procedure.resource";
import { procedureDocument } from "~/modules/inspections/procedure.server";
import { INSPECTION } from "~/modules/inspections/texts/inspection";
import { DocumentPage } from "~/modules/resource/document-page";
import { documentAction, documentLoader } from "~/modules/resource/document.server";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "检查工序", en: "Check procedure" }) }];

/** /procedureManage/form: one procedure (`?id=`) or a new one (`?new=1`), on the house's document page. */
export const loader = (args: LoaderFunctionArgs) => documentLoader(args, procedureDocument);
export const action = (args: ActionFunctionArgs) => documentAction(args, procedureDocument);

export default function Procedure() {
  useTranslation(INSPECTION);
  return <DocumentPage view={procedureView} machine={procedureStates} />;
}

export const ErrorBoundary = RouteErrorBoundary;
