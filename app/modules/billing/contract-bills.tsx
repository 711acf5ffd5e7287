/**
 * The contract document's bills tab: the contract's bills (every period, adjustments too) each opening its page, and
 * 出账, the bill run on demand for this contract (a plain form: it works before the page's scripts have loaded).
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BILLS } from "~/i18n/screen/bills";
import { Button } from "~/ui/button";
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

const th = "px-2 py-1.5 text-left font-medium text-muted";
const td = "px-2 py-1.5";

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
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-line">
              <th className={th}>{t("number")}</th>
              <th className={th}>{t("kind")}</th>
              <th className={th}>{t("period")}</th>
              <th className={th}>{t("dueOn")}</th>
              <th className={`${th} text-right`}>{t("amount")}</th>
              <th className={`${th} text-right`}>{t("paid")}</th>
              <th className={th}>{t("state")}</th>
            </tr>
          </thead>
          <tbody>
            {bills.map((b) => (
              <tr key={b.id} className="border-t border-line">
                <td className={td}>
                  <Link to={billHref(b.id)} className="text-brand">
                    {b.number}
                  </Link>
                </td>
                <td className={td}>{t(b.kind === "adjustment" ? "kinds.adjustment" : "kinds.regular")}</td>
                <td className={`${td} tabular-nums`}>
                  {b.periodFrom} ～ {b.periodTo}
                </td>
                <td className={`${td} tabular-nums`}>{b.dueOn}</td>
                <td className={`${td} text-right tabular-nums`}>{b.amount}</td>
                <td className={`${td} text-right tabular-nums`}>{b.paid}</td>
                <td className={td}>{t(`states.${b.state as 0 | 1 | 2}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-sm text-muted">{t("contractTab.none")}</p>
      )}
    </section>
  );
}
