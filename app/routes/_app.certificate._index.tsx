import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/lib/page-title";
import { ResourcePage } from "~/modules/resource/resource-page";
import type { RowOf } from "~/modules/resource/resource.server";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { certificateView } from "~/modules/certificates/certificate.resource";
import { certificateOptions, certificateResource } from "~/modules/certificates/certificate.server";
import { CERTIFICATES } from "~/modules/certificates/texts/certificates";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "证书管理", en: "Certificate Management" }) }];

/** /certificate 证书管理: the machine certificates (a certificate opens on /certificate/form). */
export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, certificateResource, { options: certificateOptions });
export const action = (args: ActionFunctionArgs) => resourceAction(args, certificateResource);

export default function Certificates() {
  // its own refusals are in the certificates namespace: it comes with this chunk
  useTranslation(CERTIFICATES);
  return <ResourcePage<RowOf<typeof certificateResource>> view={certificateView} />;
}

export const ErrorBoundary = RouteErrorBoundary;
