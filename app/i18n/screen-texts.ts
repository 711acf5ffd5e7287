import i18next from "i18next";
import type { Language } from "./index";

type Bundle = Record<string, unknown>;
const pending: Record<Language, Record<string, Bundle>> = { "zh-CN": {}, "en-US": {} };

/**
 * A screen's own text namespace travels in that screen's code-split chunk instead of every page's first load.
 * The module of a screen namespace (app/i18n/screen/*.ts) calls this when the chunk loads: before i18next is
 * initialised (the first page's route modules load before the client entry runs) the bundle waits in `pending`,
 * which the client entry passes to init; afterwards it is added at once. The server's instance has every
 * namespace from the start. Returns the namespace, for useTranslation.
 */
export function screenTexts<const N extends string>(ns: N, zh: Bundle, en: Bundle): N {
  if (typeof document === "undefined") return ns;
  if (i18next.isInitialized) {
    if (!i18next.hasResourceBundle("zh-CN", ns)) i18next.addResourceBundle("zh-CN", ns, zh);
    if (!i18next.hasResourceBundle("en-US", ns)) i18next.addResourceBundle("en-US", ns, en);
  } else {
    pending["zh-CN"][ns] = zh;
    pending["en-US"][ns] = en;
  }
  return ns;
}

/** Screen namespaces whose chunks loaded before i18next was initialised. */
export const pendingScreenTexts = () => pending;
