/**
 * Intl formatters are costly to build (locale data, time-zone rules) and cheap to use: one per locale and options,
 * kept for the life of the Worker or the page. Server renders of a list build dozens of dates per request.
 */
const cache = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    cache.set(key, f);
  }
  return f;
}
