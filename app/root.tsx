import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { isLanguage } from "~/i18n";
import { ensureShellTexts, ShellTextsScript } from "~/i18n/shell-texts";
import { useNonce } from "~/lib/nonce";
import { useRootData } from "~/lib/preferences";
import { bodyThemeClass } from "~/lib/theme";
import { readPreferences } from "~/modules/auth/preferences.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import stylesheet from "./tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  return { prefs: readPreferences(request) };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const lang = data?.prefs.lang ?? "zh-CN";
  const theme = data?.prefs.theme ?? "light";
  const nonce = useNonce();
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className={`${bodyThemeClass(theme)} font-sans antialiased`}>
        {children}
        <ScrollRestoration nonce={nonce} />
        <ShellTextsScript nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const data = useRootData();
  useLanguage(data?.prefs.lang ?? "zh-CN");
  return <Outlet />;
}

/** Follows the stored language: after a switch, fetches the shell's texts of the new one first, then changes. */
function useLanguage(lang: string) {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (!isLanguage(lang) || i18n.language === lang) return;
    let current = true;
    // if they cannot load (offline), the screen stays in the old language rather than show bare keys
    ensureShellTexts(i18n, lang).then(
      () => {
        if (current) void i18n.changeLanguage(lang);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [i18n, lang]);
}

export const ErrorBoundary = RouteErrorBoundary;
