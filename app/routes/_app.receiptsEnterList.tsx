import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { InvoicePage } from "~/modules/finance/invoice-page";
import { createInvoice, invoiceOptions, invoiceResource, voidInvoice } from "~/modules/finance/invoice.server";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "收款录入", en: "Receipt Entry" }) }];

/** /receiptsEnterList 收款录入: the VAT invoices issued against bills (a new one's form offers the open bills: newValues). */
export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, invoiceResource, { options: invoiceOptions });

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
