import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/lib/page-title";
import { ResourcePage } from "~/modules/resource/resource-page";
import type { RowOf } from "~/modules/resource/resource.server";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { licenseView } from "~/modules/certificates/license.resource";
import { licenseResource } from "~/modules/certificates/license.server";
import { CERTIFICATES } from "~/modules/certificates/texts/certificates";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "证照管理", en: "License Management" }) }];

/** /license 证照管理: the company licences (a licence opens on /license/form). */
export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, licenseResource);
export const action = (args: ActionFunctionArgs) => resourceAction(args, licenseResource);

export default function Licenses() {
  // its own refusals are in the certificates namespace: it comes with this chunk
  useTranslation(CERTIFICATES);
  return <ResourcePage<RowOf<typeof licenseResource>> view={licenseView} />;
}

export const ErrorBoundary = RouteErrorBoundary;
