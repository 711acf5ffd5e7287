/**
 * Search text, bounded and escaped in one place. Every list's search is cleaned by `searchText` where the URL's
 * filters are read (parseListQuery) and again where it becomes SQL, so callers outside the list machinery are
 * covered too: `containing()` (resource.server.ts) builds its LIKE pattern with `likePattern`, and the user list's
 * trigram index gets its query from `ftsPhrase`. Client-safe: no SQL here, only strings.
 */

/** The most characters of a search kept: a longer search is cut to its beginning, never refused. */
export const SEARCH_MAX_CHARS = 50;

/**
 * SQLITE_LIMIT_LIKE_PATTERN_LENGTH as D1 sets it, in UTF-8 bytes of the whole pattern (its `%` and escapes
 * included): one byte more fails with "LIKE or GLOB pattern too complex" (measured in workerd: 50 passes, 51
 * fails; 16 CJK characters between two `%` are exactly 50).
 */
export const LIKE_PATTERN_MAX_BYTES = 50;

/** The trigram tokenizer indexes runs of three characters: a shorter query cannot use the index. */
export const TRIGRAM_MIN_CHARS = 3;

// C0 controls and DEL. A NUL ends the text for SQLite's C functions: a LIKE pattern was cut to its first `%`
// (matching every row) and an FTS5 phrase lost its closing quote ("unterminated string").
const CONTROL = /[\u0000-\u001f\u007f]/g;

/**
 * Search text as every list takes it: control characters and `%` removed (spec §5), trimmed, at most
 * SEARCH_MAX_CHARS characters (cut by code point, so no character is split). Applying it twice changes nothing.
 */
export function searchText(raw: string): string {
  const text = raw.replace(CONTROL, "").replace(/%/g, "").trim();
  if (text.length <= SEARCH_MAX_CHARS) return text;
  const chars = Array.from(text);
  return chars.length > SEARCH_MAX_CHARS ? chars.slice(0, SEARCH_MAX_CHARS).join("").trimEnd() : text;
}

const utf8 = new TextEncoder();

/**
 * The LIKE pattern (for `ESCAPE '\'`) of text containing `text`, its `\`, `%` and `_` taken literally; null when
 * the pattern would pass SQLite's limit (LIKE_PATTERN_MAX_BYTES), so the caller matches some other way.
 */
export function likePattern(text: string): string | null {
  const pattern = `%${text.replace(/[\\%_]/g, "\\$&")}%`;
  return utf8.encode(pattern).length <= LIKE_PATTERN_MAX_BYTES ? pattern : null;
}

/**
 * An FTS5 query matching the search as one phrase, every character literal (an FTS5 string: in double quotes,
 * inner `"` doubled, so `*`, `-`, `^`, `:`, NEAR, AND and OR are text); null when the search has fewer than
 * TRIGRAM_MIN_CHARS characters.
 */
export function ftsPhrase(raw: string): string | null {
  const text = searchText(raw);
  return Array.from(text).length >= TRIGRAM_MIN_CHARS ? `"${text.replace(/"/g, '""')}"` : null;
}
