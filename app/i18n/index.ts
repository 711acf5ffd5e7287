export const LANGUAGES = ["zh-CN", "en-US"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "zh-CN";

/** Namespaces that only some screens use: they load with those screens' chunks (app/i18n/screen/). */
export const SCREEN_NAMESPACES = ["telematics", "monitor", "alarms", "playback", "fences"] as const;

export const i18nConfig = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  // resources are keyed by the full code: no "zh" or "en" lookups before "zh-CN" on every t()
  load: "currentOnly" as const,
  defaultNS: "common",
  ns: ["common", "auth", "files", "widgets", "resource", "system", "telematics", "monitor", "alarms", "playback", "fences", "screens"],
  // screen paths contain "/" and ":"; keys are flat strings there
  keySeparator: ".",
  nsSeparator: ":",
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
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

export function isLanguage(v: unknown): v is Language {
  return v === "zh-CN" || v === "en-US";
}

/** Spec §1: the stored choice, else Chinese when the browser language contains zh, else English. */
export function pickLanguage(stored: string | null | undefined, acceptLanguage: string | null | undefined): Language {
  if (isLanguage(stored)) return stored;
  return /zh/i.test(acceptLanguage ?? "") ? "zh-CN" : "en-US";
}
