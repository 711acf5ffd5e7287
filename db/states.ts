// The numbers of the states stored beside the schema, by name, for the states both the pages and the Worker (the hub,
// the ingest, the cron) compare: each is written here once, the app's declarations re-export them, and
// db/state-literals.test.ts fails on a state compared with a bare number anywhere in app/ or workers/.

/** The enabled flag (启用 / 停用) of tenants, users, roles, menus, vehicles, fences and lines. */
export const ENABLED = 1;
export const DISABLED = 0;

/** bills.state: a draft, confirmed by the clerk, locked by a statement the customer confirmed */
export const BILL_STATE = { draft: 0, confirmed: 1, locked: 2 } as const;
/** the bills that count (an invoice, a receipt, what is owed, interest, a report, a settlement): confirmed or locked, never a draft */
export const SETTLED_BILL_STATES = [BILL_STATE.confirmed, BILL_STATE.locked] as const;

/** bill_proposals.state: open, accepted or rejected by the clerk while the bill is a draft */
export const PROPOSAL_STATE = { open: 0, accepted: 1, rejected: 2 } as const;

/** statements.state: made, sent to the customer's link, confirmed by the customer, disputed by the customer */
export const STATEMENT_STATE = { draft: 0, sent: 1, confirmed: 2, disputed: 3 } as const;

/** invoices.state: valid, or void (红冲/作废: its amounts no longer count against the bills) */
export const INVOICE_STATE = { valid: 0, void: 1 } as const;

/**
 * terminal_commands.state (text): 待发送 waiting for its terminal, 已发送 handed over, 已完成 done, 任务失败 the terminal
 * reported a failure, 发送失败 never handed over before it expired (the command-expiry job)
 */
export const COMMAND_STATE = { pending: "pending", sent: "sent", done: "done", failed: "failed", sendFailed: "send_failed" } as const;
export type CommandState = (typeof COMMAND_STATE)[keyof typeof COMMAND_STATE];
