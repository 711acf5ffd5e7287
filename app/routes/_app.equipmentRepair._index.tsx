import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/lib/page-title";
import { repairView } from "~/modules/repairs/repair.resource";
import { repairMachine, repairResource } from "~/modules/repairs/repair.server";
import { REPAIRS } from "~/modules/repairs/texts/repairs";
import { ResourcePage } from "~/modules/resource/resource-page";
import type { RowOf } from "~/modules/resource/resource.server";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { transitionIntents } from "~/modules/workflow/engine.server";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "设备维修", en: "Equipment Repairs" }) }];

/** /equipmentRepair 设备维修: the repair orders (one opens on /equipmentRepair/form). */
export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, repairResource);
export const action = (args: ActionFunctionArgs) => resourceAction(args, repairResource, { intents: transitionIntents(repairMachine) });

export default function Repairs() {
  useTranslation(REPAIRS);
  return <ResourcePage<RowOf<typeof repairResource>> view={repairView} />;
}

export const ErrorBoundary = RouteErrorBoundary;
