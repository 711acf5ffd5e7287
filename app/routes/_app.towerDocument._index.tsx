import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/lib/page-title";
import { ResourcePage } from "~/modules/resource/resource-page";
import type { RowOf } from "~/modules/resource/resource.server";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { towerDocView } from "~/modules/tower-docs/tower-doc.resource";
import { towerDocOptions, towerDocResource } from "~/modules/tower-docs/tower-doc.server";
import { TOWER_DOC } from "~/modules/tower-docs/texts/towerDoc";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "塔吊档案", en: "Tower Crane Records" }) }];

/** /towerDocument 塔吊档案: the tower crane files (a file opens on /towerDocument/form). */
export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, towerDocResource, { options: towerDocOptions });
export const action = (args: ActionFunctionArgs) => resourceAction(args, towerDocResource);

export default function TowerDocuments() {
  // the file's own refusals are in the towerDoc namespace: it comes with this chunk
  useTranslation(TOWER_DOC);
  return <ResourcePage<RowOf<typeof towerDocResource>> view={towerDocView} />;
}

export const ErrorBoundary = RouteErrorBoundary;
