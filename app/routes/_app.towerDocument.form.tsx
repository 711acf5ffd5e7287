import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/lib/page-title";
import { DocumentPage } from "~/modules/resource/document-page";
import { documentAction, documentLoader } from "~/modules/resource/document.server";
import { towerDocView } from "~/modules/tower-docs/tower-doc.resource";
import { towerDocDocument } from "~/modules/tower-docs/tower-doc.server";
import { TOWER_DOC } from "~/modules/tower-docs/texts/towerDoc";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "塔吊档案", en: "Tower crane record" }) }];

/** /towerDocument/form: one tower crane file (`?id=`) or a new one (`?new=1`), on the house's document page. */
export const loader = (args: LoaderFunctionArgs) => documentLoader(args, towerDocDocument);
export const action = (args: ActionFunctionArgs) => documentAction(args, towerDocDocument);

export default function TowerDocument() {
  // the file's own refusals are in the towerDoc namespace: it comes with this chunk
  useTranslation(TOWER_DOC);
  return <DocumentPage view={towerDocView} />;
}

export const ErrorBoundary = RouteErrorBoundary;
