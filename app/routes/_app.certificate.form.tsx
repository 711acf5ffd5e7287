import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/lib/page-title";
import { DocumentPage } from "~/modules/resource/document-page";
import { documentAction, documentLoader } from "~/modules/resource/document.server";
import { certificateView } from "~/modules/certificates/certificate.resource";
import { certificateDocument } from "~/modules/certificates/certificate.server";
import { CERTIFICATES } from "~/modules/certificates/texts/certificates";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "设备证书", en: "Machine certificate" }) }];

/** /certificate/form: one machine certificate (`?id=`) or a new one (`?new=1`), on the house's document page. */
export const loader = (args: LoaderFunctionArgs) => documentLoader(args, certificateDocument);
export const action = (args: ActionFunctionArgs) => documentAction(args, certificateDocument);

export default function Certificate() {
  // its own refusals are in the certificates namespace: it comes with this chunk
  useTranslation(CERTIFICATES);
  return <DocumentPage view={certificateView} />;
}

export const ErrorBoundary = RouteErrorBoundary;
