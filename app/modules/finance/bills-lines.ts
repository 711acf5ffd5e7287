/**
 * The bills an invoice or a receipt covers, as a declared `lines` field of fixed rows: the server offers one row a
 * bill with something left (uninvoiced for an invoice, unpaid for a receipt), the clerk ticks a bill and types what
 * this document covers of it (its whole remainder to begin with). Once the page runs only the chosen customer's bills
 * show; without JavaScript every bill is listed and the server refuses another customer's.
 */
import type { FormFieldDef, Label } from "~/lib/list/types";
import { plainCents } from "~/lib/cents";

export function billsField({ label, hint, open, amount, when }: { label: Label; hint: Label; open: Label; amount: Label; when?: Record<string, string[]> }) {
  return {
    key: "bills" as const,
    label,
    hint,
    type: "lines",
    createOnly: true,
    lines: {
      fixed: true,
      rowLabel: "number",
      follow: { line: "customerId", head: "customerId", pick: { zh: "请先选择客户", en: "Choose the customer first" } },
      when,
      empty: { zh: "该客户没有可选的账单", en: "This customer has no open bill" },
      fields: [
        { key: "on", label: { zh: "选择", en: "Pick" }, type: "flag", width: "w-10" },
        { key: "billId", label: { zh: "账单", en: "Bill" }, type: "text", show: "hidden" },
        { key: "customerId", label: { zh: "客户", en: "Customer" }, type: "text", show: "hidden" },
        { key: "number", label: { zh: "账单编号", en: "Bill no." }, type: "text", show: "text" },
        { key: "customerName", label: { zh: "客户", en: "Customer" }, type: "text", show: "text" },
        { key: "dueOn", label: { zh: "应收日", en: "Due" }, type: "text", show: "text" },
        { key: "billAmount", label: { zh: "账单金额", en: "Bill amount" }, type: "money", show: "text" },
        { key: "open", label: open, type: "money", show: "text" },
        { key: "amount", label: amount, type: "money", width: "w-40" },
      ],
    },
  } satisfies FormFieldDef;
}

/** A bill as a row of that field: the amount starts at the bill's whole open remainder. */
export function billLine(b: { id: number; number: string; customerId: number | null; customerName: string | null; dueOn: string; amountCents: number; openCents: number }) {
  return { on: "", billId: String(b.id), customerId: b.customerId === null ? "" : String(b.customerId), number: b.number, customerName: b.customerName ?? "", dueOn: b.dueOn, billAmount: plainCents(b.amountCents), open: plainCents(b.openCents), amount: plainCents(b.openCents) };
}
