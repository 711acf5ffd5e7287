import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/lib/page-title";
import { DocumentPage } from "~/modules/resource/document-page";
import { documentAction, documentLoader } from "~/modules/resource/document.server";
import { windProjectStates, windProjectView } from "~/modules/wind/wind-project.resource";
import { windProjectDocument } from "~/modules/wind/wind-project.server";
import { WIND } from "~/modules/wind/texts/wind";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "风电项目", en: "Wind project" }) }];

/** /windManage/form: one wind project (`?id=`) or a new one (`?new=1`), on the house's document page. */
export const loader = (args: LoaderFunctionArgs) => documentLoader(args, windProjectDocument);
export const action = (args: ActionFunctionArgs) => documentAction(args, windProjectDocument);

export default function WindProject() {
  // the transitions' words and the project's own refusals are in the wind namespace: it comes with this chunk
  useTranslation(WIND);
  return <DocumentPage view={windProjectView} machine={windProjectStates} />;
}

export const ErrorBoundary = RouteErrorBoundary;
