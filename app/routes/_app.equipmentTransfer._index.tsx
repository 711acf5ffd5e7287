import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { pageTitle } from "~/lib/page-title";
import { ResourcePage } from "~/modules/resource/resource-page";
import type { RowOf } from "~/modules/resource/resource.server";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { transferView } from "~/modules/transfers/transfer.resource";
import { transferMachine, transferOptions, transferResource } from "~/modules/transfers/transfer.server";
import { transitionIntents } from "~/modules/workflow/engine.server";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "设备调拨", en: "Equipment Transfers" }) }];

/** /equipmentTransfer 设备调拨: the list (a transfer opens on /equipmentTransfer/form). */
export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, transferResource, { options: transferOptions });
export const action = (args: ActionFunctionArgs) => resourceAction(args, transferResource, { intents: transitionIntents(transferMachine) });

export default function EquipmentTransfers() {
  return <ResourcePage<RowOf<typeof transferResource>> view={transferView} />;
}

export const ErrorBoundary = RouteErrorBoundary;
