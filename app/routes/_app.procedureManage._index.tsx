import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/lib/page-title";
import { procedureView } from "~/modules/inspections/procedure.resource";
import { procedureMachine, procedureResource } from "~/modules/inspections/procedure.server";
import { INSPECTION } from "~/modules/inspections/texts/inspection";
import { ResourcePage } from "~/modules/resource/resource-page";
import type { RowOf } from "~/modules/resource/resource.server";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { transitionIntents } from "~/modules/workflow/engine.server";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "工序管理", en: "Procedure Management" }) }];

/** /procedureManage 工序管理: the check procedures (a procedure opens on /procedureManage/form). */
export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, procedureResource);
export const action = (args: ActionFunctionArgs) => resourceAction(args, procedureResource, { intents: transitionIntents(procedureMachine) });

export default function Procedures() {
  useTranslation(INSPECTION);
  return <ResourcePage<RowOf<typeof procedureResource>> view={procedureView} />;
}

export const ErrorBoundary = RouteErrorBoundary;
