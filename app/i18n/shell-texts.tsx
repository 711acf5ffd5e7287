import type { i18n as I18n } from "i18next";
import { createContext, useContext } from "react";
import type { Language } from "./index";

type Texts = Record<string, Record<string, unknown>>;

const SCRIPT_ID = "shell-texts";

/**
 * The shell's texts of the page's language, which the server puts in the document (entry.server.tsx provides them,
 * the root layout renders them). A first load so carries one language instead of two inside the client bundle;
 * the browser reads them before hydrating and fetches the other language only when the user switches.
 */
export const ShellTextsContext = createContext<string | null>(null);

/** JSON safe inside a script element: no "</script>" or "<!--" can end it early. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

export function ShellTextsScript() {
  // the browser renders what the server sent, untouched (reading it back keeps hydration quiet)
  const json = useContext(ShellTextsContext) ?? (typeof document === "undefined" ? "" : (document.getElementById(SCRIPT_ID)?.textContent ?? ""));
  return <script id={SCRIPT_ID} type="application/json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />;
}

/** In the browser, before hydration: the texts the server put in the page. */
export function readShellTexts(): Texts {
  const text = document.getElementById(SCRIPT_ID)?.textContent;
  if (!text) return {};
  try {
    return JSON.parse(text) as Texts;
  } catch {
    return {};
  }
}

/** After a language switch: the shell's texts of the new language, fetched once, added to i18next. */
export async function ensureShellTexts(i18n: I18n, lng: Language): Promise<void> {
  if (i18n.hasResourceBundle(lng, "common")) return;
  const texts: Texts = (lng === "en-US" ? await import("./shell/en-US") : await import("./shell/zh-CN")).default;
  for (const [ns, bundle] of Object.entries(texts)) i18n.addResourceBundle(lng, ns, bundle, true, false);
}
