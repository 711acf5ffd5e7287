import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { clientResources, i18nConfig, LANGUAGES, memoizeLanguageHierarchy } from "./i18n";
import { pendingScreenTexts } from "./i18n/screen-texts";

async function hydrate() {
  // the shell's texts, and those of the screen namespaces whose chunks loaded before this ran
  const pending = pendingScreenTexts();
  const resources = Object.fromEntries(LANGUAGES.map((l) => [l, { ...clientResources[l], ...pending[l] }]));
  await i18next.use(initReactI18next).init({ ...i18nConfig, resources, lng: document.documentElement.lang, initImmediate: false });
  memoizeLanguageHierarchy(i18next);
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
