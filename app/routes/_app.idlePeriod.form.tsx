import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { pageTitle } from "~/lib/page-title";
import { DocumentPage } from "~/modules/resource/document-page";
import { documentAction, documentLoader } from "~/modules/resource/document.server";
import { idlePeriodStates, idlePeriodView } from "~/modules/billing/idle-period.resource";
import { idlePeriodDocument } from "~/modules/billing/idle-period.server";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "停滞期申报单", en: "Idle period declaration" }) }];

/** /idlePeriod/form: one declaration (`?id=`) or a new one (`?new=1`), on the house's document page. */
export const loader = (args: LoaderFunctionArgs) => documentLoader(args, idlePeriodDocument);
export const action = (args: ActionFunctionArgs) => documentAction(args, idlePeriodDocument);

export default function IdlePeriod() {
  return <DocumentPage view={idlePeriodView} machine={idlePeriodStates} />;
}

export const ErrorBoundary = RouteErrorBoundary;
