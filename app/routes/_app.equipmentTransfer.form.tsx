import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { pageTitle } from "~/lib/page-title";
import { DocumentPage } from "~/modules/resource/document-page";
import { documentAction, documentLoader } from "~/modules/resource/document.server";
import { transferStates, transferView } from "~/modules/transfers/transfer.resource";
import { transferDocument } from "~/modules/transfers/transfer.server";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "设备调拨单", en: "Equipment transfer" }) }];

/** /equipmentTransfer/form: one transfer (`?id=`) or a new one (`?new=1`), on the house's document page. */
export const loader = (args: LoaderFunctionArgs) => documentLoader(args, transferDocument);
export const action = (args: ActionFunctionArgs) => documentAction(args, transferDocument);

export default function EquipmentTransfer() {
  return <DocumentPage view={transferView} machine={transferStates} />;
}

export const ErrorBoundary = RouteErrorBoundary;
