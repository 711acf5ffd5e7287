/**
 * The limits of a posted form and the reasons a form is refused, shared by the bounded reader
 * (posted-form.server.ts) and the error page that says why.
 */

/** The largest form body read by default (a fence's path or a contract with 500 lines stays far below it). */
export const FORM_MAX_BYTES = 1024 * 1024;
/** The most fields one form may carry (a fence bound to every vehicle of a large tenant, one field each). */
export const FORM_MAX_FIELDS = 10_000;
/** The most rows of one posted list (`lines[0]` … `lines[499]`): a higher index is refused, not allocated. */
export const FORM_MAX_ROWS = 500;
/** The most segments of one field name (`lines[0].qty` has three). */
export const FORM_MAX_DEPTH = 6;
/** The longest field name. */
export const FORM_MAX_NAME_LENGTH = 200;

/** Why a posted form was refused; the answer's `reason`. */
export const REFUSALS = ["tooLarge", "tooManyFields", "fieldName", "rowIndex", "rowGap", "unreadable"] as const;
export type FormRefusal = (typeof REFUSALS)[number];

/** The reason of a refused form, from the thrown answer's data (JSON `{ reason }`, as text or parsed). */
export function refusalReason(data: unknown): FormRefusal | null {
  let parsed = data;
  if (typeof data === "string") {
    try {
      parsed = JSON.parse(data);
    } catch {
      return null;
    }
  }
  const reason = parsed && typeof parsed === "object" ? (parsed as { reason?: unknown }).reason : undefined;
  return (REFUSALS as readonly unknown[]).includes(reason) ? (reason as FormRefusal) : null;
}
