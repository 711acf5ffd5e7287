/**
 * The inspection tasks (巡检任务): what the daily job makes from the active plans for a day (a daily plan's machines
 * every day, a weekly plan's on its weekday, a plan by use's once the machine has run its interval since it was last
 * checked), and a retest (复检) asked for a failed record. An inspector finds their own on 个人巡检; a record done for
 * a task closes it. A daily or weekly task left undone is 漏检 once its day is over.
 */

export const TASK_STATE = { pending: 0, done: 1, missed: 2 } as const;

/** 1 Monday … 7 Sunday of a `yyyy-MM-dd` (the calendar day's own weekday: no zone). */
export function isoWeekday(day: string): number {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}
