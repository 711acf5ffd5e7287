import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { requireScope } from "~/modules/access/access.server";
import { ReceiptPage } from "~/modules/finance/receipt-page";
import { receiptView } from "~/modules/finance/receipt.resource";
import { allocateIntent, createReceipt, customerBalances, receiptOptions, receiptResource } from "~/modules/finance/receipt.server";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "收付款管理", en: "Payments and Receipts" }) }];

/** /payReceiveManage 收付款管理: receipts and payments with each customer's balance (`?customerId=` narrows both). */
export async function loader(args: LoaderFunctionArgs) {
  const [page, scope] = await Promise.all([resourceLoader(args, receiptResource, { options: receiptOptions }), requireScope(args.request, args.context, { screen: receiptView.path })]);
  const customerId = Number(page.data.query.filters.customerId) || null;
  return data({ ...page.data, balances: await customerBalances(scope, customerId) }, page.init ?? undefined);
}

export const action = (args: ActionFunctionArgs) =>
  resourceAction(args, receiptResource, {
    options: receiptOptions,
    intents: {
      create: { permission: "add", run: createReceipt },
      allocate: { permission: "edit", run: allocateIntent },
    },
  });

export default ReceiptPage;

export const ErrorBoundary = RouteErrorBoundary;
