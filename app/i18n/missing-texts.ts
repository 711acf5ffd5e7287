/**
 * Keys that named no text when a page asked for them. i18next calls `recordMissingText` (its missingKeyHandler, set in
 * app/i18n/index.ts) whenever a t() finds nothing in the language or its fallback and shows the bare key instead. The
 * browser and the server's logs get a warning; in test runs (APP_ENV=test) entry.server.tsx puts the keys a page missed
 * in the `X-Missing-Texts` header, and the worker tests' `get` and `postForm` fail on it (tests/worker/helpers.ts).
 */

/** The response header that names the keys a page missed (test runs only), URI-encoded, separated by ", ". */
export const MISSING_TEXTS_HEADER = "X-Missing-Texts";

/** At most this many distinct misses are kept until taken: nothing takes them outside test runs. */
const KEPT_MAX = 200;
const missed = new Set<string>();

/**
 * i18next's missingKeyHandler. A call that gives a defaultValue expects that the key may name no text (a kind the texts
 * do not know, shown as it is) and is not recorded.
 */
export function recordMissingText(lngs: readonly string[], ns: string, key: string, _fallback: unknown, _update: boolean, options?: { defaultValue?: unknown }) {
  if (options?.defaultValue !== undefined) return;
  const text = `${lngs.join(",")} ${ns}:${key}`;
  if (missed.has(text) || missed.size >= KEPT_MAX) return;
  missed.add(text);
  console.warn(`no text for ${text}`);
}

/** The misses recorded since the last call ("en-US workflow:flows.title"), forgotten here. */
export function takeMissingTexts(): string[] {
  const texts = [...missed];
  missed.clear();
  return texts;
}
