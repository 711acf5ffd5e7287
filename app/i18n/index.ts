import { recordMissingText } from "./missing-texts";

export const LANGUAGES = ["zh-CN", "en-US"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "zh-CN";

/** Namespaces that only some screens use: they load with those screens' chunks (app/i18n/screen/). */
export const SCREEN_NAMESPACES = ["auth", "files", "telematics", "monitor", "alarms", "playback", "fences", "maps", "workbench", "rent", "dispatch", "contractDocs", "contracts", "contractFlow", "parties", "visits", "leads", "tempCrane", "prizes", "bills", "finance", "statements", "overdue", "settlements", "reports"] as const;

export const i18nConfig = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  // resources are keyed by the full code: no "zh" or "en" lookups before "zh-CN" on every t()
  load: "currentOnly" as const,
  defaultNS: "common",
  // the house's namespaces; the server adds the domains' (app/i18n/resources.ts), the browser each with its screen's chunk
  ns: ["common", "auth", "files", "widgets", "resource", "system", "workflow", "maps", "screens"],
  // screen paths contain "/" and ":"; keys are flat strings there
  keySeparator: ".",
  nsSeparator: ":",
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
  // a key that names no text is recorded where the page is (app/i18n/missing-texts.ts): test runs fail on it
  saveMissing: true,
  saveMissingTo: "current" as const,
  missingKeyHandler: recordMissingText,
};

/**
 * i18next works out which languages to look in on every t(), through Intl.getCanonicalLocales, which is slow in
 * workerd (a list of 20 rows makes hundreds of calls). With fixed options the answer for a language never changes,
 * so each instance keeps it. Call once after init().
 */
export function memoizeLanguageHierarchy(i18n: { services: { languageUtils: { toResolveHierarchy(code: unknown, fallback?: unknown): string[] } } }) {
  const utils = i18n.services.languageUtils;
  const resolve = utils.toResolveHierarchy.bind(utils);
  const known = new Map<string, string[]>();
  utils.toResolveHierarchy = (code, fallback) => {
    if (typeof code !== "string" || (fallback !== undefined && typeof fallback !== "string")) return resolve(code, fallback);
    const key = `${code}|${fallback ?? ""}`;
    let codes = known.get(key);
    if (!codes) known.set(key, (codes = resolve(code, fallback)));
    return codes.slice();
  };
}

type Translate = (key: unknown, options?: unknown) => unknown;
/** The options a plain lookup carries (what getFixedT adds to a t() call without options of its own). */
const PLAIN_OPTIONS = new Set(["lng", "lngs", "ns", "keyPrefix"]);
/** i18next's own options: a call with any of them (a count, a context, …) goes to i18next as it is. */
const I18NEXT_OPTIONS = new Set(["count", "context", "ordinal", "returnObjects", "returnDetails", "joinArrays", "postProcess", "interpolation", "replace", "fallbackLng", "nsSeparator", "keySeparator", "skipInterpolation", "defaultValue"]);
const TRANSLATIONS_MAX = 5_000;
const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;
const NO_OPTIONS: Record<string, unknown> = Object.freeze({});

/**
 * i18next resolves a key afresh on every t(): namespaces, fallbacks, nesting and interpolation checks, and a server
 * render makes hundreds of calls (a 20-row list: every row's checkbox label and buttons). Two kinds of call are
 * answered from a cache kept per instance:
 * - a plain lookup (a key, nothing else, or no options at all as useMessage asks): its text never changes while the
 *   resources stay the same; whether a key names a text (`exists`, which useMessage asks first) neither, nor that a
 *   namespace is there (`hasLoadedNamespace`, which every useTranslation asks: once yes, yes until texts are removed);
 * - a lookup with plain values (`t("selectRow", { label })`): the cached text with its `{{name}}` placeholders filled
 *   in, as i18next would (interpolation escapes nothing in this app). Texts that nest ($t), format ({{x, fmt}}) or
 *   lack a value, and calls with a count, a context or any other i18next option, go to i18next.
 * A key that names no text is never cached: i18next is asked again, and records the miss again (missing-texts.ts).
 * The cache is dropped whenever texts are added or removed (a screen's namespace or the other language arriving in
 * the browser). Call once after init().
 */
export function memoizeTranslations(i18n: { t: unknown; exists: unknown; hasLoadedNamespace: unknown; language: string; on(event: "missingKey", listener: () => void): unknown; store: { on(event: "added" | "removed", listener: () => void): unknown } }) {
  const translate = (i18n.t as Translate).bind(i18n);
  const exists = (i18n.exists as Translate).bind(i18n);
  const hasLoaded = (i18n.hasLoadedNamespace as (ns: unknown, options?: { lng?: string }) => boolean).bind(i18n);
  const known = new Map<string, unknown>();
  const existing = new Map<string, unknown>();
  const loaded = new Set<string>();
  const forget = () => {
    known.clear();
    existing.clear();
  };
  i18n.store.on("added", forget);
  i18n.store.on("removed", () => {
    forget();
    loaded.clear();
  });
  // a key that named no text is asked of i18next again each time, so every page that shows it records the miss
  let misses = 0;
  i18n.on("missingKey", () => misses++);
  i18n.hasLoadedNamespace = ((ns: unknown, options?: { lng?: string }) => {
    if (typeof ns !== "string") return hasLoaded(ns, options);
    const cacheKey = `${options?.lng ?? ""}\u0001${i18n.language}\u0001${ns}`;
    if (loaded.has(cacheKey)) return true;
    const answer = hasLoaded(ns, options);
    if (answer === true && loaded.size < TRANSLATIONS_MAX) loaded.add(cacheKey);
    return answer;
  }) as typeof i18n.hasLoadedNamespace;
  const lookup = (key: string, o: Record<string, unknown>, plain: Record<string, unknown>) => {
    const ns = o.ns as string | readonly string[] | undefined;
    // react-i18next's t carries no language: i18next then uses the instance's current one
    const cacheKey = `${(o.lng as string | undefined) ?? i18n.language}\u0001${typeof ns === "string" ? ns : (ns ?? []).join(",")}\u0001${(o.keyPrefix as string | undefined) ?? ""}\u0001${key}`;
    if (known.has(cacheKey)) return known.get(cacheKey);
    const missesBefore = misses;
    const text = translate(key, plain);
    if (typeof text === "string" && misses === missesBefore) {
      if (known.size >= TRANSLATIONS_MAX) known.clear();
      known.set(cacheKey, text);
    }
    return text;
  };
  i18n.exists = ((key: unknown, options?: unknown) => {
    if (typeof key !== "string" || options !== undefined) return exists(key, options);
    const cacheKey = `${i18n.language}\u0001${key}`;
    if (existing.has(cacheKey)) return existing.get(cacheKey);
    const answer = exists(key);
    if (existing.size >= TRANSLATIONS_MAX) existing.clear();
    existing.set(cacheKey, answer);
    return answer;
  }) as typeof i18n.exists;
  i18n.t = ((key: unknown, options?: unknown) => {
    if (typeof key === "string" && options === undefined) return lookup(key, NO_OPTIONS, NO_OPTIONS);
    if (typeof key !== "string" || typeof options !== "object" || options === null) return translate(key, options);
    const o = options as Record<string, unknown>;
    if ((o.lng !== undefined && typeof o.lng !== "string") || (o.lngs !== undefined && o.lngs !== null)) return translate(key, options);
    let values: Record<string, string> | null = null;
    for (const k in o) {
      if (PLAIN_OPTIONS.has(k) || o[k] === undefined) continue;
      const v = o[k];
      if (I18NEXT_OPTIONS.has(k) || k.startsWith("defaultValue") || (typeof v !== "string" && typeof v !== "number")) return translate(key, options);
      (values ??= {})[k] = String(v);
    }
    if (!values) return lookup(key, o, o);
    const template = lookup(key, o, { lng: o.lng, lngs: o.lngs, ns: o.ns, keyPrefix: o.keyPrefix });
    if (typeof template !== "string" || template.includes("$t(")) return translate(key, options);
    let complete = true;
    const text = template.replace(PLACEHOLDER, (whole, name: string) => {
      const value = values[name.trim()];
      if (value === undefined) complete = false;
      return value ?? whole;
    });
    return complete ? text : translate(key, options);
  }) as typeof i18n.t;
}

export function isLanguage(v: unknown): v is Language {
  return v === "zh-CN" || v === "en-US";
}

/** Spec §1: the stored choice, else Chinese when the browser language contains zh, else English. */
export function pickLanguage(stored: string | null | undefined, acceptLanguage: string | null | undefined): Language {
  if (isLanguage(stored)) return stored;
  return /zh/i.test(acceptLanguage ?? "") ? "zh-CN" : "en-US";
}
