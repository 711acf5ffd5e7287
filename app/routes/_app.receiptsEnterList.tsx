import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { InvoicePage } from "~/modules/finance/invoice-page";
import { createInvoice, invoiceMachine, invoiceOptions, invoiceResource } from "~/modules/finance/invoice.server";
import { invoiceStates, invoiceView } from "~/modules/finance/invoice.resource";
import { requireScope } from "~/modules/access/access.server";
import { transitionIntents } from "~/modules/workflow/engine.server";
import { heldCodes } from "~/modules/workflow/machine";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "发票登记", en: "Invoice Register" }) }];

/** /receiptsEnterList 发票登记: the VAT invoices issued against bills (a new one's form offers the open bills: newValues). */
export async function loader(args: LoaderFunctionArgs) {
  const [page, scope] = await Promise.all([resourceLoader(args, invoiceResource, { options: invoiceOptions }), requireScope(args.request, args.context, { screen: invoiceView.path })]);
  // 作废 is the invoice machine's transition: the page shows its button to whoever holds its code
  return data({ ...page.data, codes: heldCodes(invoiceStates, scope.access.permissions), me: scope.user.id }, page.init ?? undefined);
}

export const action = (args: ActionFunctionArgs) =>
  resourceAction(args, invoiceResource, {
    options: invoiceOptions,
    intents: {
      create: { permission: "add", run: createInvoice },
      ...transitionIntents(invoiceMachine),
    },
  });

export default InvoicePage;

export const ErrorBoundary = RouteErrorBoundary;
