/**
 * A form's zod schema from its declared fields: each type's codec (app/lib/field-codecs.ts) with the field's rules
 * (required, length, largest value, options), a `lines` field as an array of its row schema. The same schema judges
 * the form in the browser (Conform's onValidate: errors as the user leaves a field) and on the server (the save), so
 * the two never disagree; messages are message keys (`validation.*`, with `|value` where they name a limit).
 */
import { z } from "zod";
import { isClockTime } from "~/lib/validators";
import { line, note, optionalDay } from "~/lib/form-fields";
import { MAX_DECIMALS, storedOf } from "~/lib/field-codecs";
import type { FormFieldDef, LinesOptions } from "~/lib/list/types";
import { FORM_MAX_ROWS } from "~/lib/posted-form";

type NumberType = "money" | "percent" | "quantity" | "number" | "reference";
type ValueOf<F> = F extends {
  required: true;
  type: Exclude<FormFieldDef["type"], "flag" | "lines" | "checkboxes">;
}
  ? NonNullable<AnyValueOf<F>>
  : AnyValueOf<F>;
type AnyValueOf<F> = F extends {
  type: "lines";
  lines: { fields: infer L extends readonly FormFieldDef[] };
}
  ? ValuesOf<L>[]
  : F extends { type: NumberType }
  ? number | null
  : F extends { type: "flag" }
  ? 0 | 1
  : F extends { type: "checkboxes" }
  ? string[]
  : string | null;

/**
 * A form's fields declared for a typed form (a document's): the literal declaration is kept, so the schema's values
 * and Conform's field names follow from it (a key that is not declared fails tsc).
 */
export const defineFields = <const Fs extends FormFieldDef[]>(fields: Fs): Fs => fields;

/** The values a form of these fields stands for once judged (a location's parts are posted under their own keys, left out). */
export type ValuesOf<Fs extends readonly FormFieldDef[]> = {
  [F in Fs[number] as F extends { type: "location" } ? never : F["key"]]: ValueOf<F>;
};

/** One posted text: absent is empty. */
const posted = () =>
  line()
    .optional()
    .transform((v) => v ?? "");

const largest = (field: FormFieldDef): number | undefined => (field.type === "percent" ? 100 : field.maxValue);

/** The schema of one field (no `location`: its parts are declared as fields of their own where a document needs them). */
function fieldSchema(field: FormFieldDef): z.ZodType {
  const required = (v: string) => !field.required || v !== "";
  switch (field.type) {
    case "lines":
      return linesSchema(field.lines ?? { fields: [] });
    case "money":
    case "percent":
    case "quantity":
    case "number":
    case "reference": {
      const message =
        field.type === "money"
          ? "validation.money"
          : field.type === "percent"
          ? "validation.percent"
          : field.type === "quantity"
          ? `validation.quantity|${Math.min(field.decimals ?? 0, MAX_DECIMALS)}`
          : field.type === "reference"
          ? "validation.choice"
          : "validation.integer";
      const max = largest(field);
      return posted()
        .refine(required, { message: "validation.required", abort: true })
        .refine((v) => v === "" || storedOf(field, v) !== undefined, {
          message,
          abort: true,
        })
        .refine((v) => v === "" || (storedOf(field, v) as number) >= 0, {
          message: field.type === "reference" ? "validation.choice" : "validation.negative",
          abort: true,
        })
        .refine((v) => v === "" || max === undefined || (storedOf(field, v) as number) <= storedOf(field, String(max))!, { message: `validation.tooLarge|${max ?? ""}`, abort: true })
        .transform((v) => (storedOf(field, v) ?? null) as number | null);
    }
    case "files": {
      const limit = field.limit ?? 20;
      // the upload widget posts one id a file; stored comma-separated
      return z
        .union([z.string(), z.array(z.string())])
        .optional()
        .transform((v) => (Array.isArray(v) ? v : v ? v.split(",") : []).map((x) => x.trim()).filter((x) => /^\d{1,12}$/.test(x)))
        .refine((ids) => ids.length <= limit, {
          message: `validation.tooManyFiles|${limit}`,
          abort: true,
        })
        .refine((ids) => !field.required || ids.length > 0, {
          message: "validation.required",
          abort: true,
        })
        .transform((ids) => (ids.length ? ids.join(",") : null));
    }
    case "flag":
      return z
        .union([z.string(), z.array(z.string())])
        .optional()
        .transform((v) => ((Array.isArray(v) ? v.some((x) => storedOf(field, x) === 1) : storedOf(field, v ?? "") === 1) ? 1 : 0));
    case "date":
      return field.required
        ? optionalDay().refine((v) => v !== null, {
            message: "validation.required",
            abort: true,
          })
        : optionalDay();
    case "time":
      return posted()
        .refine(required, { message: "validation.required", abort: true })
        .refine((v) => v === "" || isClockTime(v), {
          message: "validation.time",
          abort: true,
        })
        .transform((v) => v || null);
    case "select": {
      const values = field.options?.map((o) => o.value);
      return posted()
        .refine(required, { message: "validation.required", abort: true })
        .refine((v) => v === "" || (values ? values.includes(v) : v.length <= 64), { message: "validation.choice", abort: true })
        .transform((v) => v || null);
    }
    case "checkboxes":
      return z
        .union([z.string(), z.array(z.string())])
        .optional()
        .transform((v) => (Array.isArray(v) ? v : v ? [v] : []).filter((x) => !field.options || field.options.some((o) => o.value === x)))
        .refine((v) => !field.required || v.length > 0, {
          message: "validation.required",
          abort: true,
        });
    case "textarea": {
      const max = field.maxLength ?? 500;
      return note()
        .optional()
        .transform((v) => v ?? "")
        .refine(required, { message: "validation.required", abort: true })
        .refine((v) => v.length <= max, {
          message: `validation.tooLong|${max}`,
          abort: true,
        })
        .transform((v) => v || null);
    }
    default: {
      const max = field.maxLength ?? 100;
      return posted()
        .refine(required, { message: "validation.required", abort: true })
        .refine((v) => v.length <= max, {
          message: `validation.tooLong|${max}`,
          abort: true,
        })
        .transform((v) => v || null);
    }
  }
}

/** A row every field of which is empty (a blank row left at the end) is no row: dropped before the rows are judged. */
function isBlankRow(row: unknown): boolean {
  if (!row || typeof row !== "object") return true;
  return Object.values(row as Record<string, unknown>).every((v) => v === undefined || v === null || (typeof v === "string" && v.trim() === "") || (Array.isArray(v) && v.length === 0));
}

function linesSchema(lines: LinesOptions): z.ZodType {
  const min = lines.minRows ?? 0;
  const max = Math.min(lines.maxRows ?? FORM_MAX_ROWS, FORM_MAX_ROWS);
  return z.preprocess(
    (v) => (Array.isArray(v) ? v.filter((row) => !isBlankRow(row)) : []),
    z
      .array(objectOf(lines.fields))
      .refine((rows) => rows.length >= min, {
        message: `validation.minRows|${min}`,
        abort: true,
      })
      .refine((rows) => rows.length <= max, {
        message: `validation.maxRows|${max}`,
        abort: true,
      })
  );
}

function objectOf(fields: readonly FormFieldDef[]) {
  return z.object(Object.fromEntries(fields.filter((f) => f.type !== "location").map((f) => [f.key, fieldSchema(f)])));
}

/**
 * The schema of a form of these fields, typed by their declaration (a `lines` field's rows by its own fields): the
 * server's save and the page's Conform form both read it.
 */
export function schemaOfFields<const Fs extends readonly FormFieldDef[]>(fields: Fs): z.ZodType<ValuesOf<Fs>> {
  return objectOf(fields) as unknown as z.ZodType<ValuesOf<Fs>>;
}
