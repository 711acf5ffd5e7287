import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { requireScope } from "~/modules/access/access.server";
import { InvoicePage } from "~/modules/finance/invoice-page";
import { invoiceView } from "~/modules/finance/invoice.resource";
import { createInvoice, invoiceableBills, invoiceOptions, invoiceResource, voidInvoice } from "~/modules/finance/invoice.server";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "收款录入", en: "Receipt Entry" }) }];

/** /receiptsEnterList 收款录入: the VAT invoices issued against bills; the form's bills are read only when it is open. */
export async function loader(args: LoaderFunctionArgs) {
  const [page, scope] = await Promise.all([resourceLoader(args, invoiceResource, { options: invoiceOptions }), requireScope(args.request, args.context, { screen: invoiceView.path })]);
  const creating = new URL(args.request.url).searchParams.get("new") === "1" && page.data.can.add;
  return data({ ...page.data, openBills: creating ? await invoiceableBills(scope) : [] }, page.init ?? undefined);
}

export const action = (args: ActionFunctionArgs) =>
  resourceAction(args, invoiceResource, {
    options: invoiceOptions,
    intents: {
      create: { permission: "add", run: createInvoice },
      void: { permission: "edit", run: voidInvoice },
    },
  });

export default InvoicePage;

export const ErrorBoundary = RouteErrorBoundary;
