import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";
import { useChangeLanguage } from "remix-i18next/react";
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

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const lang = data?.prefs.lang ?? "zh-CN";
  const theme = data?.prefs.theme ?? "light";
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
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const data = useRootData();
  useChangeLanguage(data?.prefs.lang ?? "zh-CN");
  return <Outlet />;
}

export const ErrorBoundary = RouteErrorBoundary;
