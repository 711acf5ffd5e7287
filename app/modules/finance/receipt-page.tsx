import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FINANCE } from "~/modules/finance/texts/finance";
import { useMessage } from "~/i18n/message";
import { formatCents } from "~/lib/cents";
import type { FormExtraContext } from "~/modules/resource/resource-drawers";
import { ResourcePage } from "~/modules/resource/resource-page";
import { Alert } from "~/ui/field";
import { AttachmentsField } from "~/widgets/attachments-field";
import { receiptView } from "./receipt.resource";
import type { CustomerBalance, receiptResource } from "./receipt.server";
import type { RowOf } from "~/modules/resource/resource.server";
import { HeadRow, Row, Table, Td, Th } from "~/ui/table";

/** The receipt's own part under its declared fields (the bills among them): the attachments. */
function ReceiptExtra(ctx: FormExtraContext) {
  const { t } = useTranslation(FINANCE);
  return <AttachmentsField {...ctx} label={t("receipt.attachments")} />;
}

/** Per customer: billed, paid, credit, outstanding and overdue; a name narrows the list to that customer's receipts. */
function Balances({ balances }: { balances: CustomerBalance[] }) {
  const { t } = useTranslation(FINANCE);
  return (
    <section className="mx-4 mb-4 rounded-lg border border-line bg-panel p-3" aria-labelledby="receipt-balances" data-testid="receipt-balances">
      <h2 id="receipt-balances" className="text-sm font-semibold text-ink">
        {t("receipt.balances")}
      </h2>
      <p className="mb-2 text-xs text-muted" data-testid="balances-includes">
        {t("receipt.overdueIncludes")}
      </p>
      {balances.length === 0 ? (
        <p className="text-sm text-muted">{t("receipt.noBalances")}</p>
      ) : (
        <Table bare>
          <thead>
            <HeadRow>
              <Th dense>{t("receipt.customer")}</Th>
              <Th num dense>{t("receipt.billed")}</Th>
              <Th num dense>{t("receipt.paid")}</Th>
              <Th num dense>{t("receipt.credit")}</Th>
              <Th num dense>{t("receipt.outstanding")}</Th>
              <Th num dense>{t("receipt.overdue")}</Th>
            </HeadRow>
          </thead>
          <tbody>
            {balances.map((b) => (
              <Row key={b.id}>
                <Td dense>
                  <Link to={`/payReceiveManage?customerId=${b.id}`} className="text-brand hover:underline">
                    {b.name}
                  </Link>
                </Td>
                <Td num dense>{formatCents(b.billedCents)}</Td>
                <Td num dense>{formatCents(b.paidCents)}</Td>
                <Td num dense>{formatCents(b.creditCents)}</Td>
                <Td num dense>{formatCents(b.outstandingCents)}</Td>
                <Td num dense tone={b.overdueCents > 0 ? "danger" : undefined}>{formatCents(b.overdueCents)}</Td>
              </Row>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}

/** /payReceiveManage: receipts and payments, a receipt's credit allocated on demand, each customer's balance under the list. */
export function ReceiptPage() {
  const { t } = useTranslation(FINANCE);
  const message = useMessage();
  const { balances } = useLoaderData<{ balances: CustomerBalance[] }>();
  const action = useActionData<{ intent?: string; error?: string }>();
  const { pathname, search } = useLocation();
  return (
    <>
      {action?.intent === "allocate" && action.error ? (
        <div className="px-4 pt-4">
          <Alert tone="error">{message(action.error)}</Alert>
        </div>
      ) : null}
      <ResourcePage<RowOf<typeof receiptResource>>
        view={receiptView}
        formExtra={(ctx) => <ReceiptExtra {...ctx} />}
        rowActions={(row, can) =>
          can.edit && Number(row.creditCents) > 0 ? (
            <Form method="post" action={`${pathname}${search}`} className="inline">
              <input type="hidden" name="intent" value="allocate" />
              <input type="hidden" name="id" value={String(row.id)} />
              <button type="submit" className="text-brand hover:underline" data-testid="receipt-allocate">
                {t("receipt.allocate")}
              </button>
            </Form>
          ) : null
        }
      />
      <Balances balances={balances} />
    </>
  );
}
