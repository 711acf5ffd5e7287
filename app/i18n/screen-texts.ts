import i18next from "i18next";
import type { Language } from "./index";

type Bundle = Record<string, unknown>;
const pending: Record<Language, Record<string, Bundle>> = { "zh-CN": {}, "en-US": {} };

/**
 * A screen's own text namespace travels in that screen's code-split chunk instead of every page's first load.
 * The module of a screen namespace (app/i18n/screen/*.ts) calls this when the chunk loads: before i18next is
 * initialised (the first page's route modules load before the client entry runs) the bundle waits in `pending`,
 * which the client entry passes to init; afterwards it is added at once. A bundle may also add a few screens' keys to
 * a shell namespace (the rarer system texts to "system"): its top-level keys join that namespace's. The server's
 * instance has every namespace whole from the start. Returns the namespace, for useTranslation.
 */
export function screenTexts<const N extends string>(ns: N, zh: Bundle, en: Bundle): N {
  if (typeof document === "undefined") return ns;
  if (i18next.isInitialized) {
    i18next.addResourceBundle("zh-CN", ns, zh, true, false);
    i18next.addResourceBundle("en-US", ns, en, true, false);
  } else {
    pending["zh-CN"][ns] = { ...pending["zh-CN"][ns], ...zh };
    pending["en-US"][ns] = { ...pending["en-US"][ns], ...en };
  }
  return ns;
}

/** Screen namespaces whose chunks loaded before i18next was initialised. */
export const pendingScreenTexts = () => pending;

/** The shell's texts with the pending screen bundles of the same language joined in (a shared namespace keeps both). */
export function withScreenTexts(shell: Record<string, Bundle>, screens: Record<string, Bundle>): Record<string, Bundle> {
  const texts = { ...shell };
  for (const [ns, bundle] of Object.entries(screens)) texts[ns] = { ...texts[ns], ...bundle };
  return texts;
}
