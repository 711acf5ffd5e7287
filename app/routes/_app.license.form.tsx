import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/lib/page-title";
import { DocumentPage } from "~/modules/resource/document-page";
import { documentAction, documentLoader } from "~/modules/resource/document.server";
import { licenseView } from "~/modules/certificates/license.resource";
import { licenseDocument } from "~/modules/certificates/license.server";
import { CERTIFICATES } from "~/modules/certificates/texts/certificates";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "企业证照", en: "Company licence" }) }];

/** /license/form: one company licence (`?id=`) or a new one (`?new=1`), on the house's document page. */
export const loader = (args: LoaderFunctionArgs) => documentLoader(args, licenseDocument);
export const action = (args: ActionFunctionArgs) => documentAction(args, licenseDocument);

export default function License() {
  // its own refusals are in the certificates namespace: it comes with this chunk
  useTranslation(CERTIFICATES);
  return <DocumentPage view={licenseView} />;
}

export const ErrorBoundary = RouteErrorBoundary;
