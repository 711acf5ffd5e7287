import type { i18n as I18n } from "i18next";
import { createContext, useContext } from "react";
import type { Language } from "./index";

type Texts = Record<string, Record<string, unknown>>;

const SCRIPT_ID = "shell-texts";
/** what the texts script sets (shell-texts.server.ts) */
export const SHELL_TEXTS_GLOBAL = "__shellTexts";

/**
 * The shell's texts of the page's language reach the browser as a script of their own, named by language and content
 * (`/i18n/shell.<lang>.<hash>.js`, cached for good): a first load carries one language instead of two inside the
 * client bundle, and the pages after it carry none (they were a fifth of every page's HTML). entry.server provides
 * the script's address, the root layout renders it before the app's scripts, and the browser reads the texts before
 * hydrating; the other language is fetched only when the user switches.
 */
export const ShellTextsContext = createContext<string | null>(null);

/** The texts script; `nonce` is the response's Content-Security-Policy nonce (only the server has one). */
export function ShellTextsScript({ nonce }: { nonce?: string }) {
  // the browser keeps the address the server rendered (reading it back keeps hydration quiet)
  const src = useContext(ShellTextsContext) ?? (typeof document === "undefined" ? undefined : (document.getElementById(SCRIPT_ID)?.getAttribute("src") ?? undefined));
  return <script id={SCRIPT_ID} src={src} nonce={nonce} suppressHydrationWarning />;
}

/**
 * In the browser, before hydration: the texts the page's script defined. That script is parser-blocking and comes
 * before the app's module scripts in the document, so it has run by the time they do; if it failed to load, the
 * language's own chunk stands in.
 */
export async function loadShellTexts(lng: Language): Promise<Texts> {
  return (window as unknown as Record<string, Texts | undefined>)[SHELL_TEXTS_GLOBAL] ?? (await importShellTexts(lng));
}

const importShellTexts = async (lng: Language): Promise<Texts> => (lng === "en-US" ? await import("./shell/en-US") : await import("./shell/zh-CN")).default;

/** After a language switch: the shell's texts of the new language, fetched once, added to i18next. */
export async function ensureShellTexts(i18n: I18n, lng: Language): Promise<void> {
  if (i18n.hasResourceBundle(lng, "common")) return;
  const texts = await importShellTexts(lng);
  for (const [ns, bundle] of Object.entries(texts)) i18n.addResourceBundle(lng, ns, bundle, true, false);
}
