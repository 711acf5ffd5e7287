/** 收款 SK-202611-0001, 付款 FK-202611-0001: numbered in the save's batch, monthly in the tenant's zone (docs/numbering.md). */
export const RECEIPT_NUMBERING = { kind: "receipt", prefix: "SK" } as const;
export const PAYMENT_NUMBERING = { kind: "payment", prefix: "FK" } as const;
