import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, i18nConfig, isLanguage, LANGUAGES, memoizeLanguageHierarchy, memoizeTranslations } from "./i18n";
import { loadShellTexts } from "./i18n/shell-texts";
import { pendingScreenTexts, withScreenTexts } from "./i18n/screen-texts";

async function hydrate() {
  // the shell's texts of the page's language (its script in the document), and the screen namespaces whose chunks loaded
  // before this ran; the other language's shell texts arrive if the user switches (app/root.tsx)
  const lng = isLanguage(document.documentElement.lang) ? document.documentElement.lang : DEFAULT_LANGUAGE;
  const pending = pendingScreenTexts();
  const shell = await loadShellTexts(lng);
  const resources = Object.fromEntries(LANGUAGES.map((l) => [l, l === lng ? withScreenTexts(shell, pending[l]) : pending[l]]));
  await i18next.use(initReactI18next).init({ ...i18nConfig, resources, lng, initImmediate: false });
  memoizeLanguageHierarchy(i18next);
  memoizeTranslations(i18next);
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

hydrate();
