import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/lib/page-title";
import { AbnormalityActions } from "~/modules/inspections/abnormality-actions";
import { abnormalityStates, abnormalityView } from "~/modules/inspections/abnormality.resource";
import { abnormalityDocument } from "~/modules/inspections/abnormality.server";
import { INSPECTION } from "~/modules/inspections/texts/inspection";
import { DocumentPage } from "~/modules/resource/document-page";
import { documentAction, documentLoader } from "~/modules/resource/document.server";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "设备异常", en: "Machine issue" }) }];

/** /abnormalReport/form: one issue (`?id=`) or a new one (`?new=1`), on the house's document page, with 转维修 under it. */
export const loader = (args: LoaderFunctionArgs) => documentLoader(args, abnormalityDocument);
export const action = (args: ActionFunctionArgs) => documentAction(args, abnormalityDocument);

export default function Abnormality() {
  useTranslation(INSPECTION);
  return (
    <DocumentPage view={abnormalityView} machine={abnormalityStates}>
      <AbnormalityActions />
    </DocumentPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
