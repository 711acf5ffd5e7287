import Big from "big.js";

/*
 * The arithmetic of invoices and receipts, pure: tax out of a tax-inclusive amount (big.js, half up, the same rule as the
 * bills' items) and a receipt's money spread over a customer's open bills. Integer cents in and out.
 */

/** The VAT inside an invoice's amount: amount × rate / (1 + rate), half up; net is the rest (amount = net + tax). */
export function invoiceSplit(amountCents: number, rateBp: number): { taxCents: number; netCents: number } {
  const taxCents = Number(new Big(amountCents).times(rateBp).div(10_000 + rateBp).round(0, Big.roundHalfUp).toFixed(0));
  return { taxCents, netCents: amountCents - taxCents };
}

export interface OpenBill {
  id: number;
  dueOn: string;
  /** what is still unpaid of it: amount − paid */
  openCents: number;
}

/**
 * A payment spread over bills oldest due first (then the lower id, the earlier bill): each bill takes what it still
 * owes until the money runs out, so a part payment leaves the last bill reached partly paid. What no bill takes is the
 * customer's credit.
 */
export function allocateOldestFirst(open: OpenBill[], amountCents: number): { allocations: { billId: number; cents: number }[]; creditCents: number } {
  let left = amountCents;
  const allocations: { billId: number; cents: number }[] = [];
  for (const b of [...open].sort((x, y) => (x.dueOn < y.dueOn ? -1 : x.dueOn > y.dueOn ? 1 : x.id - y.id))) {
    if (left <= 0) break;
    const cents = Math.min(left, b.openCents);
    if (cents <= 0) continue;
    allocations.push({ billId: b.id, cents });
    left -= cents;
  }
  return { allocations, creditCents: left };
}
