import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { BillPage } from "~/modules/billing/bill-page";
import { billAction, billLoader } from "~/modules/billing/bill-page.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "账单", en: "Bill" }) }];

/** /contractBillReport/bill?id=: one bill (items, evidence, proposals, confirm, adjustments); the list is /contractBillReport. */
export const loader = (args: LoaderFunctionArgs) => billLoader(args);
export const action = (args: ActionFunctionArgs) => billAction(args);

export default function ContractBill() {
  return <BillPage />;
}

export const ErrorBoundary = RouteErrorBoundary;
