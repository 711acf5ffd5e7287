import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { pageTitle } from "~/lib/page-title";
import { DocumentPage } from "~/modules/resource/document-page";
import { documentAction, documentLoader } from "~/modules/resource/document.server";
import { ResourcePage } from "~/modules/resource/resource-page";
import type { RowOf } from "~/modules/resource/resource.server";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { transferSchema, transferStates, transferView } from "~/modules/transfers/transfer.resource";
import { transferDocument, transferOptions, transferResource } from "~/modules/transfers/transfer.server";
import { transitionIntents } from "~/modules/workflow/engine.server";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "设备调拨", en: "Equipment Transfers" }) }];

/** /equipmentTransfer 设备调拨: the list, and one transfer on the document page (`?id=`, `?new=1`). */
const isDocument = (request: Request) => {
  const p = new URL(request.url).searchParams;
  return p.has("id") || p.get("new") === "1";
};

export const loader = (args: LoaderFunctionArgs) => (isDocument(args.request) ? documentLoader(args, transferDocument) : resourceLoader(args, transferResource, { options: transferOptions }));
export const action = (args: ActionFunctionArgs) =>
  isDocument(args.request)
    ? documentAction(args, transferDocument, transferSchema)
    : resourceAction(args, transferResource, {
        intents: transitionIntents(transferDocument.machine!),
      });

export default function EquipmentTransfer() {
  // the list, or one transfer (its data has `doc`)
  const loaded = useLoaderData<object>();
  return "doc" in loaded ? <DocumentPage view={transferView} schema={transferSchema} machine={transferStates} /> : <ResourcePage<RowOf<typeof transferResource>> view={transferView} />;
}

export const ErrorBoundary = RouteErrorBoundary;
