/**
 * The shared zod pieces of every form's schema: one day codec and the two kinds of free text, so a day outside the
 * business range or a control character is judged the same way on every screen. Messages are i18n keys; each field
 * passes its own.
 */
import { z } from "zod";
import { isBusinessDay } from "./calendar";
import { cleanLine, cleanNote } from "./validators";

/** A single line of text (a title, a name, a number): every control character removed, then trimmed. */
export const line = () => z.string().overwrite(cleanLine).trim();

/** A multi-line note (a remark, a reason, a content): control characters removed except line breaks and tabs, trimmed. */
export const note = () => z.string().overwrite(cleanNote).trim();

export interface DayOptions {
  /** the field's message for a day that is not a real day in the business range (default `validation.date`) */
  message?: string;
  /** an earlier first day than the business range's, for a field that names the past (a machine's manufacture) */
  earliest?: string;
}

/** A required day: yyyy-MM-dd, a real calendar day within the business range (app/lib/calendar.ts). */
export const day = ({ message = "validation.date", earliest }: DayOptions = {}) => line().refine((v) => isBusinessDay(v, earliest), message);

/** An optional day: empty is null, else as {@link day}. An absent field counts as empty. */
export const optionalDay = ({ message = "validation.date", earliest }: DayOptions = {}) =>
  z
    .string()
    .optional()
    .transform((v) => cleanLine(v ?? "").trim())
    .refine((v) => v === "" || isBusinessDay(v, earliest), message)
    .transform((v) => v || null);
