import { and, lte, sql } from "drizzle-orm";
import { changedRows, getDb } from "../../db/client";
import { terminalCommands } from "../../db/schema";
import { COMMAND_STATE } from "../../db/states";
import type { Job } from "./job";

/**
 * Hourly: every command still waiting for its terminal (待发送) past its expiry becomes 发送失败 (send_failed), in every
 * tenant at once (one statement over the pending commands' partial index). A lock task or an upgrade shows it through
 * its command; an upgrade's failed machines can be retried. Run twice, the second run finds nothing.
 */
export const commandExpiry: Job = {
  name: "command-expiry",
  crons: ["0 * * * *"],
  async run(env, { scheduledTime }) {
    const db = getDb(env);
    const now = Math.max(scheduledTime, Date.now());
    const result = await db
      .update(terminalCommands)
      .set({ state: COMMAND_STATE.sendFailed, doneAt: now, result: "expired" })
      // the state written out, as the partial index's condition is (a bound value would not match it)
      .where(and(sql`${terminalCommands.state} = ${sql.raw(`'${COMMAND_STATE.pending}'`)}`, lte(terminalCommands.expiresAt, now)));
    return { expired: changedRows(result) };
  },
};
