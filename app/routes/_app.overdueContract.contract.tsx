import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { contractAction, contractLoader } from "~/modules/overdue/contract-page.server";
import { OverdueContractPage } from "~/modules/overdue/contract-page";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "逾期处理", en: "Overdue Contract" }) }];

/** /overdueContract/contract?id= (or ?act=): one overdue contract's ageing, its collection record and a new act; the list is /overdueContract. */
export const loader = (args: LoaderFunctionArgs) => contractLoader(args);
export const action = (args: ActionFunctionArgs) => contractAction(args);

export default OverdueContractPage;

export const ErrorBoundary = RouteErrorBoundary;
