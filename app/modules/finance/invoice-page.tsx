import { useActionData, useLoaderData, useLocation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FINANCE } from "~/i18n/screen/finance";
import { useMessage } from "~/i18n/message";
import { centsOf, formatCents } from "~/lib/cents";
import { withQuery } from "~/lib/navigation";
import type { FormExtraContext } from "~/modules/resource/resource-drawers";
import { ConfirmPanel, ResourcePage } from "~/modules/resource/resource-page";
import { Alert } from "~/ui/field";
import { QueryLink } from "~/widgets/list-navigation";
import { AttachmentsField } from "~/widgets/attachments-field";
import { useFieldValue } from "~/widgets/use-field-value";
import { invoiceView } from "./invoice.resource";
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

/** /receiptsEnterList: the invoices, the form with its bills, 作废 with a confirmation (`?void=<id>`, works without JavaScript). */
export function InvoicePage() {
  const { t } = useTranslation(FINANCE);
  const message = useMessage();
  const action = useActionData<{ intent?: string; error?: string }>();
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const voidId = params.get("void");
  const { rows } = useLoaderData<{ rows: { id: number; number: string }[] }>();
  const voiding = voidId ? rows.find((r) => String(r.id) === voidId) : undefined;
  const back = `${pathname}${search.replace(/([?&])void=\d+&?/, "$1").replace(/[?&]$/, "")}`;
  return (
    <>
      {action?.intent === "void" && action.error ? (
        <div className="px-4 pt-4">
          <Alert tone="error">{message(action.error)}</Alert>
        </div>
      ) : null}
      <ResourcePage<RowOf<typeof invoiceResource>>
        view={invoiceView}
        formExtra={(ctx) => <InvoiceExtra {...ctx} />}
        rowActions={(row, can) =>
          can.edit && row.state === "0" ? (
            <QueryLink to={withQuery(back, `void=${String(row.id)}`)} className="text-danger" data-testid="invoice-void">
              {t("invoice.void")}
            </QueryLink>
          ) : null
        }
      />
      {voiding ? (
        <ConfirmPanel title={t("invoice.voidTitle")} detail={t("invoice.voidConfirm", { number: voiding.number })} back={back} formAction={`${pathname}${search}`}>
          <input type="hidden" name="intent" value="void" />
          <input type="hidden" name="id" value={voiding.id} />
        </ConfirmPanel>
      ) : null}
    </>
  );
}
