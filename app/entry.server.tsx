import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { createInstance, type i18n as I18n } from "i18next";
import { renderToReadableStream } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, i18nConfig, isLanguage, type Language, memoizeLanguageHierarchy, memoizeTranslations } from "./i18n";
import { MISSING_TEXTS_HEADER, takeMissingTexts } from "./i18n/missing-texts";
import { resources } from "./i18n/resources";
import { ShellTextsContext } from "./i18n/shell-texts";
import { shellTextsScript } from "./i18n/shell-texts.server";
import { i18nServer } from "./i18n/i18next.server";
import { createNonce, documentSecurityHeaders } from "./lib/content-security-policy";
import { NonceContext } from "./lib/nonce";

const ABORT_DELAY = 5_000;

// One i18next instance per language for the isolate's life: a render only reads it (the language switch is a
// request of its own), so no request pays for init() and the instances' caches stay warm.
const instances = new Map<Language, Promise<I18n>>();
function i18nFor(lng: Language): Promise<I18n> {
  let ready = instances.get(lng);
  if (!ready) {
    const i18n = createInstance();
    ready = i18n
      .use(initReactI18next)
      .init({ ...i18nConfig, ns: Object.keys(resources["zh-CN"]), resources, lng, initImmediate: false })
      .then(() => {
        memoizeLanguageHierarchy(i18n);
        memoizeTranslations(i18n);
        return i18n;
      });
    ready.catch(() => instances.delete(lng));
    instances.set(lng, ready);
  }
  return ready;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const locale = await i18nServer.getLocale(request);
  const lng = isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
  const i18n = await i18nFor(lng);

  // every script the document carries is given this response's nonce (the policy: app/lib/content-security-policy.ts)
  const nonce = createNonce();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ABORT_DELAY);
  const body = await renderToReadableStream(
    <I18nextProvider i18n={i18n}>
      <ShellTextsContext.Provider value={shellTextsScript(lng).src}>
        <NonceContext.Provider value={nonce}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </NonceContext.Provider>
      </ShellTextsContext.Provider>
    </I18nextProvider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        // Logged for operators; users only ever see the error boundary's message.
        if (!controller.signal.aborted) console.error(error);
        responseStatusCode = 500;
      },
    },
  );
  // The document leaves in one piece. React writes its stream in 512-byte chunks, and each chunk handed to the
  // runtime costs more CPU than its bytes (a list page is ~240 of them). No loader defers data, so a browser
  // waits for the whole page either way; rendering takes milliseconds, far below what a slow link adds.
  await body.allReady;
  clearTimeout(timer);
  const html = await new Response(body).arrayBuffer();

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // a route's own stricter referrer policy stands (the statement link page sends none: its address is the key)
  for (const [name, value] of Object.entries(documentSecurityHeaders(nonce))) if (name !== "Referrer-Policy" || !responseHeaders.has(name)) responseHeaders.set(name, value);
  // test runs learn which keys this page (its loaders and its render) asked for that name no text; the misses since the
  // last page, so a test that loads pages one at a time gets each page's own
  if (loadContext.cloudflare.env.APP_ENV === "test") {
    const missing = takeMissingTexts();
    if (missing.length) responseHeaders.set(MISSING_TEXTS_HEADER, missing.map(encodeURIComponent).join(", "));
  }
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
}

/** Server faults are logged here; the response the user sees carries no stack trace. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}
