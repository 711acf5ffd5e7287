/**
 * A posted form as values, through Conform (the same parse with or without JavaScript: a plain form post is all it
 * reads). Repeated names become arrays (a checkbox group, a multi-select), `lines[0].qty` paths become arrays of
 * objects (a document's lines); the resource's zod schema stays the one judge of what is valid.
 */
import { parseSubmission } from "@conform-to/dom/future";
import { configureCoercion } from "@conform-to/zod/v4/future";
import type { z } from "zod";
import { requireSafeFieldNames } from "~/lib/posted-form.server";

/**
 * The form's fields as Conform reads them: `tags=a&tags=b` → `{ tags: ["a", "b"] }`, `lines[0].qty=2` →
 * `{ lines: [{ qty: "2" }] }`. Files are left out. Names that could make the parse allocate without bound or touch a
 * prototype (an index ≥ 500, a gap, `__proto__`, bad syntax: `checkFieldNames`) are refused first, as a thrown 400.
 */
export function postedValues(form: FormData): Record<string, unknown> {
  requireSafeFieldNames(form);
  // the machinery's own names (intent, id, version) come along; a schema's object drops what it does not name
  const { payload } = parseSubmission(form);
  return withoutFiles(payload) as Record<string, unknown>;
}

function withoutFiles(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => !(v instanceof File)).map(withoutFiles);
  if (value && typeof value === "object" && !(value instanceof File)) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => !(v instanceof File))
        .map(([k, v]) => [k, withoutFiles(v)]),
    );
  }
  return value;
}

// empty text stays empty text: our schemas say themselves what an empty field means (null, "leave as is", required)
const { coerceFormValue } = configureCoercion({ stripEmptyString: (value) => value });

/**
 * The schema as a form's judge: Conform's coercion makes one value of an array field an array of one and an absent
 * group an empty array (nothing ticked), and turns text into the numbers and booleans the schema asks for. Cached
 * per schema by Conform.
 */
export function formSchema<Out>(schema: z.core.$ZodType<Out>): z.ZodType<Out> {
  return coerceFormValue(schema);
}

/** Values sent back with a refused form, so nothing typed is lost; never a password or its confirmation. */
export function withoutSecrets(values: Record<string, unknown>): Record<string, unknown> {
  const { password: _p, confirm: _c, ...rest } = values;
  return rest;
}
