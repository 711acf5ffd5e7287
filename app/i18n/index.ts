import { SCREEN_GROUPS, SCREENS } from "~/modules/screens/registry";
import enAuth from "./en-US/auth";
import enCommon from "./en-US/common";
import enFiles from "./en-US/files";
import enResource from "./en-US/resource";
import enSystem from "./en-US/system";
import enWidgets from "./en-US/widgets";
import enTelematics from "./en-US/telematics";
import enMonitor from "./en-US/monitor";
import enAlarms from "./en-US/alarms";
import enPlayback from "./en-US/playback";
import enFences from "./en-US/fences";
import zhAuth from "./zh-CN/auth";
import zhCommon from "./zh-CN/common";
import zhFiles from "./zh-CN/files";
import zhResource from "./zh-CN/resource";
import zhSystem from "./zh-CN/system";
import zhWidgets from "./zh-CN/widgets";
import zhTelematics from "./zh-CN/telematics";
import zhMonitor from "./zh-CN/monitor";
import zhAlarms from "./zh-CN/alarms";
import zhPlayback from "./zh-CN/playback";
import zhFences from "./zh-CN/fences";

export const LANGUAGES = ["zh-CN", "en-US"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "zh-CN";

/** Screen and group titles come from the screen registry, one source for menu, tabs and titles. */
function screenTitles(lang: "zh" | "en") {
  const titles: Record<string, string> = {};
  for (const s of SCREENS) titles[s.path] = s[lang];
  for (const g of SCREEN_GROUPS) titles[`group.${g.key}`] = g[lang];
  return titles;
}

export const resources = {
  "zh-CN": { common: zhCommon, auth: zhAuth, files: zhFiles, widgets: zhWidgets, resource: zhResource, system: zhSystem, telematics: zhTelematics, monitor: zhMonitor, alarms: zhAlarms, playback: zhPlayback, fences: zhFences, screens: screenTitles("zh") },
  "en-US": { common: enCommon, auth: enAuth, files: enFiles, widgets: enWidgets, resource: enResource, system: enSystem, telematics: enTelematics, monitor: enMonitor, alarms: enAlarms, playback: enPlayback, fences: enFences, screens: screenTitles("en") },
} as const;

/** Namespaces that only some screens use: they load with those screens' chunks (app/i18n/screen/). */
export const SCREEN_NAMESPACES = ["telematics", "monitor", "alarms", "playback", "fences"] as const;

/** What every page's first load carries: the shell's namespaces (the server and tests use `resources`, all of them). */
export const clientResources = {
  "zh-CN": { common: zhCommon, auth: zhAuth, files: zhFiles, widgets: zhWidgets, resource: zhResource, system: zhSystem, screens: screenTitles("zh") },
  "en-US": { common: enCommon, auth: enAuth, files: enFiles, widgets: enWidgets, resource: enResource, system: enSystem, screens: screenTitles("en") },
};

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
