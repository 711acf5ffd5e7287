/**
 * The one way the app reads a posted form: a bounded body and a bounded number of fields, and, for the structured
 * reading of names (`lines[0].qty`, app/modules/resource/form.server.ts), names that cannot make it allocate without
 * bound or reach an object's prototype. A refusal is a thrown 400 or 413 answer with its reason, never a 500 or a
 * stalled isolate (issue 38: `contacts[4294967294].name=1` held an isolate for minutes).
 */

import { FORM_MAX_BYTES, FORM_MAX_DEPTH, FORM_MAX_FIELDS, FORM_MAX_NAME_LENGTH, FORM_MAX_ROWS, type FormRefusal } from "./posted-form";

export { FORM_MAX_BYTES, FORM_MAX_FIELDS, FORM_MAX_ROWS, type FormRefusal };

const REFUSAL_TEXT: Record<FormRefusal, string> = {
  tooLarge: "提交的内容过大 / The form is too large",
  tooManyFields: `提交的字段过多（上限 ${FORM_MAX_FIELDS} 个） / The form has too many fields (at most ${FORM_MAX_FIELDS})`,
  fieldName: "提交的字段名无效 / The form has an invalid field name",
  rowIndex: `提交的明细行过多（上限 ${FORM_MAX_ROWS} 行） / The form has too many rows (at most ${FORM_MAX_ROWS})`,
  rowGap: "提交的明细行不连续 / The form's rows are not numbered one after another",
  unreadable: "无法读取提交的表单 / The form could not be read",
};

/** The answer to a refused form: 413 for its size, 400 otherwise, JSON `{ code, message, reason }` (the API's shape). */
export function formRefused(reason: FormRefusal): Response {
  const status = reason === "tooLarge" ? 413 : 400;
  return new Response(JSON.stringify({ code: status, message: REFUSAL_TEXT[reason], reason }), { status, headers: { "Content-Type": "application/json; charset=utf-8" } });
}

const readForms = new WeakMap<Request, Promise<FormData>>();

/**
 * The request's form, read once per request (a second call gets the same FormData): a declared or actual body over
 * `maxBytes` answers 413 (a chunked body is counted as it streams, and reading stops there), more than
 * FORM_MAX_FIELDS fields or a body that is no form 400. Call it after the session and screen check, so that a
 * stranger's body is never read.
 */
export function readForm(request: Request, { maxBytes = FORM_MAX_BYTES }: { maxBytes?: number } = {}): Promise<FormData> {
  let form = readForms.get(request);
  if (!form) {
    form = readBounded(request, maxBytes);
    readForms.set(request, form);
  }
  return form;
}

async function readBounded(request: Request, maxBytes: number): Promise<FormData> {
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > maxBytes) throw formRefused("tooLarge");
  const bytes = await bodyBytes(request, maxBytes);
  const type = request.headers.get("Content-Type") ?? "";
  // a urlencoded body is counted before it is parsed: a megabyte of `&` would otherwise be half a million entries
  if (type.startsWith("application/x-www-form-urlencoded") && countByte(bytes, 0x26) + 1 > FORM_MAX_FIELDS) throw formRefused("tooManyFields");
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "Content-Type": type } }).formData();
  } catch {
    throw formRefused("unreadable");
  }
  let fields = 0;
  for (const _ of form.keys()) if (++fields > FORM_MAX_FIELDS) throw formRefused("tooManyFields");
  return form;
}

/** A request's body as bytes, at most `maxBytes` (counted as it streams: more answers 413 and reading stops there). */
export async function bodyBytes(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw formRefused("tooLarge");
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

function countByte(bytes: Uint8Array, byte: number): number {
  let n = 0;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === byte) n++;
  return n;
}

// key ( .key | [n] )* ( [] )?  — the subset of Conform's path syntax our forms use; anything else is refused
const NAME_SYNTAX = /^[^.[\]]+(?:\.[^.[\]]+|\[\d+\])*(?:\[\])?$/;
const SEGMENT = /([^.[\]]+)|\[(\d*)\]/g;
const CANONICAL_INDEX = /^(?:0|[1-9]\d*)$/;
const HOSTILE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * Whether the names can be read as structure without harm: valid syntax, at most FORM_MAX_DEPTH segments, no
 * `__proto__` / `constructor` / `prototype` segment, indexes written plainly (`1`, not `01`) and below
 * FORM_MAX_ROWS, and each list's indexes 0…n without a gap. Answers the first reason to refuse, or null.
 */
export function checkFieldNames(names: Iterable<string>): FormRefusal | null {
  const lists = new Map<string, { max: number; seen: Set<number> }>();
  for (const name of new Set(names)) {
    if (name.length > FORM_MAX_NAME_LENGTH || !NAME_SYNTAX.test(name)) return "fieldName";
    let depth = 0;
    for (const match of name.matchAll(SEGMENT)) {
      if (++depth > FORM_MAX_DEPTH) return "fieldName";
      const [, key, index] = match;
      if (key !== undefined) {
        if (HOSTILE_KEYS.has(key)) return "fieldName";
        continue;
      }
      if (index === "") continue; // `tags[]`, at the end only (the syntax says so)
      if (!CANONICAL_INDEX.test(index!)) return "fieldName";
      const at = Number(index);
      if (at >= FORM_MAX_ROWS) return "rowIndex";
      const list = name.slice(0, match.index);
      const entry = lists.get(list) ?? { max: -1, seen: new Set<number>() };
      entry.max = Math.max(entry.max, at);
      entry.seen.add(at);
      lists.set(list, entry);
    }
  }
  for (const { max, seen } of lists.values()) if (seen.size !== max + 1) return "rowGap";
  return null;
}

/** checkFieldNames for a form, as a thrown 400. */
export function requireSafeFieldNames(form: FormData): void {
  const refused = checkFieldNames(form.keys());
  if (refused) throw formRefused(refused);
}
