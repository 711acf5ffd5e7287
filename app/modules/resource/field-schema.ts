/**
 * A form's zod schema from its declared fields: each type's codec (app/lib/field-codecs.ts) with the field's rules
 * (required, length, largest value, options), a `lines` field as an array of its row schema. The same schema judges
 * the form in the browser (Conform's onValidate: errors as the user leaves a field) and on the server (the save), so
 * the two never disagree; messages are message keys (`validation.*`, with `|value` where they name a limit). Built
 * on zod/mini, which the page ships (a few kilobytes where the whole of zod is ninety).
 */
import { formatPaths, parse, type Submission } from "@conform-to/dom";
import * as z from "zod/mini";
import { safeParse } from "zod/v4/core";
import { isBusinessDay } from "~/lib/calendar";
import { MAX_DECIMALS, storedOf } from "~/lib/field-codecs";
import { shownBy, type FormFieldDef, type LinesOptions } from "~/lib/list/types";
import { FORM_MAX_ROWS } from "~/lib/posted-form";
import { cleanLine, cleanNote } from "~/lib/validators";

type NumberType = "money" | "percent" | "quantity" | "number" | "reference";
type ValueOf<F> = F extends { when: object } ? AnyValueOf<F> : F extends { required: true; type: Exclude<FormFieldDef["type"], "flag" | "lines" | "checkboxes"> } ? NonNullable<AnyValueOf<F>> : AnyValueOf<F>;
type AnyValueOf<F> = F extends { type: "lines"; lines: { fields: infer L extends readonly FormFieldDef[] } }
  ? ValuesOf<L>[]
  : F extends { type: NumberType }
  ? number | null
  : F extends { type: "flag" }
  ? 0 | 1
  : F extends { type: "checkboxes" }
  ? string[]
  : string | null;

/** The values a form of these fields stands for once judged (a location's parts are posted under their own keys, left out). */
export type ValuesOf<Fs extends readonly FormFieldDef[]> = { [F in Fs[number] as F extends { type: "location" } ? never : F["key"]]: ValueOf<F> };

/** A posted text: absent is empty; one line (control characters removed, trimmed) or a note (line breaks kept). */
const posted = () =>
  z.pipe(
    z.optional(z.string()),
    z.transform((v) => cleanLine(v ?? "").trim())
  );
const postedNote = () =>
  z.pipe(
    z.optional(z.string()),
    z.transform((v) => cleanNote(v ?? "").trim())
  );
/** A rule that stops the field's checks at its first refusal: one message a field. */
const rule = <T>(ok: (v: T) => boolean, message: string) => z.refine<T>(ok, { message, abort: true });
/** Checks, then the stored value. */
const then = <T, O>(input: z.ZodMiniType<T>, out: (v: T) => O) => z.pipe(input, z.transform(out));
/** A value posted once or repeated (a checkbox group, the upload widget's ids). */
const many = () =>
  z.pipe(
    z.optional(z.union([z.string(), z.array(z.string())])),
    z.transform((v) => (Array.isArray(v) ? v : v === undefined ? [] : [v]))
  );

const largest = (field: FormFieldDef): number | undefined => (field.type === "percent" ? 100 : field.maxValue);

/** The schema of one field (no `location`: its parts are declared as fields of their own where a document needs them). */
function fieldSchema(field: FormFieldDef): z.ZodMiniType {
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
      return then(
        posted().check(
          rule(required, "validation.required"),
          rule((v) => v === "" || storedOf(field, v) !== undefined, message),
          rule((v) => v === "" || (storedOf(field, v) as number) >= 0, field.type === "reference" ? "validation.choice" : "validation.negative"),
          rule((v) => v === "" || max === undefined || (storedOf(field, v) as number) <= storedOf(field, String(max))!, `validation.tooLarge|${max ?? ""}`)
        ),
        (v) => (storedOf(field, v) ?? null) as number | null
      );
    }
    case "files": {
      const limit = field.limit ?? 20;
      // the upload widget posts one id a file; stored comma-separated
      return then(
        then(many(), (v) =>
          v
            .flatMap((x) => x.split(","))
            .map((x) => x.trim())
            .filter((x) => /^\d{1,12}$/.test(x))
        ).check(
          rule((ids: string[]) => ids.length <= limit, `validation.tooManyFiles|${limit}`),
          rule((ids: string[]) => !field.required || ids.length > 0, "validation.required")
        ),
        (ids) => (ids.length ? ids.join(",") : null)
      );
    }
    case "flag":
      return then(many(), (v) => (v.some((x) => storedOf(field, x) === 1) ? 1 : 0));
    case "date":
      return then(
        posted().check(
          rule(required, "validation.required"),
          rule((v) => v === "" || isBusinessDay(v), "validation.date")
        ),
        (v) => v || null
      );
    case "time":
      return then(
        posted().check(
          rule(required, "validation.required"),
          rule((v) => v === "" || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), "validation.time")
        ),
        (v) => v || null
      );
    case "select": {
      const values = field.options?.map((o) => o.value);
      return then(
        posted().check(
          rule(required, "validation.required"),
          rule((v) => v === "" || (values ? values.includes(v) : v.length <= 64), "validation.choice")
        ),
        (v) => v || null
      );
    }
    case "checkboxes":
      return then(many(), (v) => v.filter((x) => !field.options || field.options.some((o) => o.value === x))).check(rule((v: string[]) => !field.required || v.length > 0, "validation.required"));
    case "textarea": {
      const max = field.maxLength ?? 500;
      return then(
        postedNote().check(
          rule(required, "validation.required"),
          rule((v) => v.length <= max, `validation.tooLong|${max}`)
        ),
        (v) => v || null
      );
    }
    default: {
      const max = field.maxLength ?? 100;
      return then(
        posted().check(
          rule(required, "validation.required"),
          rule((v) => v.length <= max, `validation.tooLong|${max}`)
        ),
        (v) => v || null
      );
    }
  }
}

/** A row every field of which is empty (a blank row left at the end) is no row: dropped before the rows are judged. */
function isBlankRow(row: unknown): boolean {
  if (!row || typeof row !== "object") return true;
  return Object.values(row as Record<string, unknown>).every((v) => v === undefined || v === null || (typeof v === "string" && v.trim() === "") || (Array.isArray(v) && v.length === 0));
}

function linesSchema(lines: LinesOptions): z.ZodMiniType {
  const min = lines.minRows ?? 0;
  const max = Math.min(lines.maxRows ?? FORM_MAX_ROWS, FORM_MAX_ROWS);
  return z.pipe(
    z.transform((v: unknown) => (Array.isArray(v) ? v.filter((row) => !isBlankRow(row)) : [])),
    z.array(objectOf(lines.fields)).check(
      rule((rows: unknown[]) => rows.length >= min, `validation.minRows|${min}`),
      rule((rows: unknown[]) => rows.length <= max, `validation.maxRows|${max}`),
      z.superRefine((rows: Record<string, unknown>[], ctx) => {
        for (const key of lines.unique ?? []) {
          const first = new Map<unknown, number>();
          rows.forEach((row, i) => {
            const v = row[key];
            if (v === null || v === undefined || v === "") return;
            if (first.has(v)) ctx.addIssue({ code: "custom", path: [i, key], message: `validation.duplicateLine|${first.get(v)! + 1}` });
            else first.set(v, i);
          });
        }
      })
    )
  );
}

/** A field's value while its `when` hides it: nothing (no flag, no choice, no row). */
const hiddenValue = (f: FormFieldDef) => (f.type === "flag" ? 0 : f.type === "checkboxes" || f.type === "lines" ? [] : null);

function objectOf(fields: readonly FormFieldDef[]) {
  const kept = fields.filter((f) => f.type !== "location");
  const shape = z.object(Object.fromEntries(kept.map((f) => [f.key, f.when ? z.optional(z.unknown()) : fieldSchema(f)])));
  const conditional = kept.filter((f) => f.when);
  if (!conditional.length) return shape;
  // a field shown by another's value (a sub-contract's supplier) is judged by its rules only while shown; hidden it
  // is nothing, whatever was posted (the page disables it, so nothing is)
  return z.pipe(
    shape,
    z.transform((values: Record<string, unknown>, ctx) => {
      const out: Record<string, unknown> = { ...values };
      for (const f of conditional) {
        if (!shownBy(f, values)) {
          out[f.key] = hiddenValue(f);
          continue;
        }
        const judged = safeParse(fieldSchema(f), values[f.key]);
        if (judged.success) out[f.key] = judged.data;
        else for (const issue of judged.error.issues) ctx.issues.push({ code: "custom", message: issue.message, input: values[f.key], path: [f.key, ...issue.path] });
      }
      return out;
    })
  );
}

/**
 * The schema of a form of these fields, typed by their declaration (a `lines` field's rows by its own fields): the
 * server's save and the page's Conform form both read it.
 */
export function schemaOfFields<const Fs extends readonly FormFieldDef[]>(fields: Fs): z.ZodMiniType<ValuesOf<Fs>> {
  return objectOf(fields) as unknown as z.ZodMiniType<ValuesOf<Fs>>;
}

const schemas = new WeakMap<readonly FormFieldDef[], FormSchema>();
/** The schema of a declared form, made once per declaration (the page's and the server's are the same object). */
export function schemaFor(fields: readonly FormFieldDef[]): FormSchema {
  let schema = schemas.get(fields);
  if (!schema) schemas.set(fields, (schema = schemaOfFields(fields) as unknown as FormSchema));
  return schema;
}

/** A form schema: zod's core type (zod/mini's, which the page ships: a few kilobytes where the full zod is ninety). */
export type FormSchema<T = Record<string, unknown>> = z.ZodMiniType<T>;

/**
 * A posted form judged by a schema, as Conform's submission: the browser's check on blur and the server's before the
 * save read it alike. A row button's intent is applied by Conform first (the submission then has no status), and
 * each refusal is named at its field (`lines[2].freight`), the first message only.
 */
export function parseForm<T>(form: FormData | URLSearchParams, schema: z.core.$ZodType<T>): Submission<T, string[]> {
  return parse<T, string[]>(form, {
    resolve(payload) {
      const result = safeParse(schema, payload);
      if (result.success) return { value: result.data };
      const error: Record<string, string[]> = {};
      for (const issue of result.error.issues) error[formatPaths(issue.path.filter((p): p is string | number => typeof p !== "symbol"))] ??= [issue.message];
      return { error };
    },
  });
}
