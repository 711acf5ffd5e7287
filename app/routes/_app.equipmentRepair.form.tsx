import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/lib/page-title";
import { repairStates, repairView } from "~/modules/repairs/repair.resource";
import { repairDocument } from "~/modules/repairs/repair.server";
import { REPAIRS } from "~/modules/repairs/texts/repairs";
import { DocumentPage } from "~/modules/resource/document-page";
import { documentAction, documentLoader } from "~/modules/resource/document.server";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "维修单", en: "Repair order" }) }];

/** /equipmentRepair/form: one repair order (`?id=`) or a new one (`?new=1`), on the house's document page. */
export const loader = (args: LoaderFunctionArgs) => documentLoader(args, repairDocument);
export const action = (args: ActionFunctionArgs) => documentAction(args, repairDocument);

export default function Repair() {
  useTranslation(REPAIRS);
  return <DocumentPage view={repairView} machine={repairStates} />;
}

export const ErrorBoundary = RouteErrorBoundary;
