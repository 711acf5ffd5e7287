import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FINANCE } from "~/i18n/screen/finance";
import { formatCents, plainCents } from "~/lib/cents";
import { boxClass } from "~/ui/input";

export interface PickableBill {
  id: number;
  number: string;
  customerId: number | null;
  customerName: string | null;
  dueOn: string;
  amountCents: number;
  /** what is left: uninvoiced for an invoice, unpaid for a receipt */
  openCents: number;
}

/** The value of a form control by id while the page runs (the generic fields sit outside this part). */
function useFieldValue(id: string): string | null {
  const [value, setValue] = useState<string | null>(null);
  useEffect(() => {
    const el = document.getElementById(id) as HTMLInputElement | HTMLSelectElement | null;
    if (!el) return;
    const read = () => setValue(el.value);
    read();
    el.addEventListener("input", read);
    el.addEventListener("change", read);
    return () => {
      el.removeEventListener("input", read);
      el.removeEventListener("change", read);
    };
  }, [id]);
  return value;
}

/**
 * The bills a document covers: one row per bill with a tick and the amount (`bills[i].billId`, `bills[i].on`,
 * `bills[i].amount`), the amount starting at the bill's whole open remainder. With JavaScript only the chosen
 * customer's bills show; without it every bill is listed and the server refuses another customer's.
 */
export function BillsField({ bills, values, errorOf, title, hint, amountLabel, openLabel, hidden }: { bills: PickableBill[]; values: Record<string, unknown>; errorOf: (key: string) => string | null; title: string; hint?: string; amountLabel: string; openLabel: string; hidden?: boolean }) {
  const { t } = useTranslation(FINANCE);
  const customer = useFieldValue("field-customerId");
  const posted = Array.isArray(values.bills) ? (values.bills as ({ billId?: string; on?: string; amount?: string } | undefined)[]) : null;
  const error = errorOf("bills");
  // once the page runs (customer is "" rather than null) a form without a customer lists no bill: the list is every customer's
  const matches = (b: PickableBill) => customer === null || String(b.customerId) === customer;
  const shown = bills.filter(matches);
  return (
    <fieldset className={`col-span-2 mb-4 ${hidden ? "hidden" : ""}`} aria-describedby={error ? "bills-error" : undefined} data-testid="bills-field">
      <legend className="mb-1 text-sm font-medium text-ink">{title}</legend>
      {hint ? <p className="mb-1 text-xs text-muted">{hint}</p> : null}
      {shown.length === 0 ? <p className="text-sm text-muted">{customer === "" ? t("invoice.chooseCustomer") : t("invoice.noBills")}</p> : null}
      <table className={`w-full border-collapse text-sm ${shown.length ? "" : "hidden"}`}>
        <thead>
          <tr className="border-b border-line text-left text-muted">
            <th className="w-[32px] py-1 font-normal" />
            <th className="py-1 pr-3 font-normal">{t("invoice.billNo")}</th>
            <th className="py-1 pr-3 font-normal">{t("invoice.customer")}</th>
            <th className="py-1 pr-3 font-normal">{t("invoice.dueOn")}</th>
            <th className="py-1 pr-3 text-right font-normal">{t("invoice.billAmountCol")}</th>
            <th className="py-1 pr-3 text-right font-normal">{openLabel}</th>
            <th className="w-[160px] py-1 font-normal">{amountLabel}</th>
          </tr>
        </thead>
        <tbody>
          {bills.map((b, i) => {
            const was = posted?.find((p) => p?.billId === String(b.id));
            const visible = matches(b);
            return (
              <tr key={b.id} className={`border-b border-line/60 last:border-0 ${visible ? "" : "hidden"}`} data-bill={b.number}>
                <td className="py-1">
                  <input type="hidden" name={`bills[${i}].billId`} value={b.id} />
                  <input type="checkbox" name={`bills[${i}].on`} value="1" defaultChecked={Boolean(was?.on)} aria-label={b.number} id={`bill-on-${b.id}`} />
                </td>
                <td className="py-1 pr-3">
                  <label htmlFor={`bill-on-${b.id}`}>{b.number}</label>
                </td>
                <td className="py-1 pr-3">{b.customerName ?? ""}</td>
                <td className="py-1 pr-3 tabular-nums">{b.dueOn}</td>
                <td className="py-1 pr-3 text-right tabular-nums">{formatCents(b.amountCents)}</td>
                <td className="py-1 pr-3 text-right tabular-nums">{formatCents(b.openCents)}</td>
                <td className="py-1">
                  <input
                    name={`bills[${i}].amount`}
                    defaultValue={was?.amount ?? plainCents(b.openCents)}
                    inputMode="decimal"
                    aria-label={`${b.number} ${amountLabel}`}
                    className={`${boxClass} h-8 w-full px-2 text-right tabular-nums`}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {error ? (
        <p id="bills-error" role="alert" className="mt-1 text-xs text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export { useFieldValue };
