/**
 * The contract document's bills tab: the contract's bills (every period, adjustments too) each opening its page, and
 * 出账, the bill run on demand for this contract (a plain form: it works before the page's scripts have loaded).
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BILLS } from "~/modules/billing/texts/bills";
import { Button } from "~/ui/button";
import { HeadRow, Row, Table, Td, Th } from "~/ui/table";
import { billHref } from "./bills.resource";

export interface ContractBillRow {
  id: number;
  number: string;
  kind: string;
  periodFrom: string;
  periodTo: string;
  dueOn: string;
  amount: string;
  paid: string;
  state: number;
}

export function ContractBills({ bills, canRun, action }: { bills: readonly ContractBillRow[]; canRun: boolean; action: string }) {
  const { t } = useTranslation(BILLS);
  const busy = useNavigation().state !== "idle";
  return (
    <section id="contract-bills" className="mb-4 rounded-lg border border-line bg-panel p-4" data-testid="contract-bills">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-ink">{t("contractTab.title")}</h2>
        {canRun ? (
          <Form method="post" action={action}>
            <Button type="submit" name="intent" value="runBills" disabled={busy} title={t("contractTab.runHint")} data-testid="run-bills">
              {t("contractTab.run")}
            </Button>
          </Form>
        ) : null}
      </div>
      {bills.length ? (
        <Table bare>
          <thead>
            <HeadRow>
              <Th dense>{t("number")}</Th>
              <Th dense>{t("kind")}</Th>
              <Th dense>{t("period")}</Th>
              <Th dense>{t("dueOn")}</Th>
              <Th dense num>
                {t("amount")}
              </Th>
              <Th dense num>
                {t("paid")}
              </Th>
              <Th dense>{t("state")}</Th>
            </HeadRow>
          </thead>
          <tbody>
            {bills.map((b) => (
              <Row key={b.id}>
                <Td dense>
                  <Link to={billHref(b.id)} className="text-brand">
                    {b.number}
                  </Link>
                </Td>
                <Td dense>{t(b.kind === "adjustment" ? "kinds.adjustment" : "kinds.regular")}</Td>
                <Td dense className="tabular-nums">
                  {b.periodFrom} ～ {b.periodTo}
                </Td>
                <Td dense className="tabular-nums">
                  {b.dueOn}
                </Td>
                <Td dense num>
                  {b.amount}
                </Td>
                <Td dense num>
                  {b.paid}
                </Td>
                <Td dense>{t(`states.${b.state as 0 | 1 | 2}`)}</Td>
              </Row>
            ))}
          </tbody>
        </Table>
      ) : (
        <p className="text-sm text-muted">{t("contractTab.none")}</p>
      )}
    </section>
  );
}
