import { RemixI18Next } from "remix-i18next/server";
import { readPreferences } from "~/modules/auth/preferences.server";
import { DEFAULT_LANGUAGE, i18nConfig, LANGUAGES } from "./index";
import { resources } from "./resources";

/** Server-side i18n: the language comes from the stored choice, else the browser (spec §1). */
export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    findLocale: async (request) => readPreferences(request).lang,
  },
  i18next: { ...i18nConfig, ns: Object.keys(resources["zh-CN"]), resources },
});
