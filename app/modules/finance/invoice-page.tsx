import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FINANCE } from "~/modules/finance/texts/finance";
import { centsOf, formatCents } from "~/lib/cents";
import { listHref, type ListQuery } from "~/lib/list/types";
import type { FormExtraContext } from "~/modules/resource/resource-drawers";
import { ResourcePage } from "~/modules/resource/resource-page";
import { TransitionButtons, TransitionPanel } from "~/modules/workflow/transition-ui";
import { AttachmentsField } from "~/widgets/attachments-field";
import { useFieldValue } from "~/widgets/use-field-value";
import { invoiceStates, invoiceView } from "./invoice.resource";
import type { RowOf } from "~/modules/resource/resource.server";
import type { invoiceResource } from "./invoice.server";

/** Tax and net of the amount typed, at the rate chosen (the server computes the same with big.js: amount × rate / (1 + rate), half up). */
function SplitPreview() {
  const { t } = useTranslation(FINANCE);
  const amount = useFieldValue("field-amount");
  const rate = useFieldValue("field-taxRate");
  const cents = amount ? centsOf(amount) : null;
  const bp = Number(rate);
  if (cents === null || cents <= 0 || !bp) return null;
  // integer arithmetic is exact here: cents × bp stays far below 2^53 for any amount a form takes
  const tax = Math.floor((cents * bp * 2 + (10_000 + bp)) / (2 * (10_000 + bp)));
  return (
    <p className="col-span-2 -mt-2 mb-4 text-sm text-muted" data-testid="invoice-split">
      {t("invoice.split", { tax: formatCents(tax), net: formatCents(cents - tax) })}
    </p>
  );
}

/** The invoice's own part under its declared fields (the bills among them): the split of what is typed, the attachments. */
function InvoiceExtra(ctx: FormExtraContext) {
  const { t } = useTranslation(FINANCE);
  return (
    <>
      {ctx.mode === "create" ? <SplitPreview /> : null}
      <AttachmentsField {...ctx} label={t("invoice.attachments")} />
    </>
  );
}

/** /receiptsEnterList: the invoices, the form with its bills, 作废 (the invoice machine's transition, confirmed first; works without JavaScript). */
export function InvoicePage() {
  const { query, codes, me } = useLoaderData<{ query: ListQuery; codes: string[]; me: number }>();
  const back = listHref(invoiceView.path, query);
  return (
    <>
      <ResourcePage<RowOf<typeof invoiceResource>>
        view={invoiceView}
        formExtra={(ctx) => <InvoiceExtra {...ctx} />}
        rowActions={(row) => <TransitionButtons machine={invoiceStates} row={row} codes={codes} me={me} />}
      />
      <TransitionPanel machine={invoiceStates} back={back} />
    </>
  );
}
