import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isLanguage } from "~/i18n";
import { shellTextsScript } from "~/i18n/shell-texts.server";

/**
 * GET /i18n/shell.<lang>.<hash>.js: the shell's texts of a language for the browser (app/i18n/shell-texts.tsx). The
 * address names the content, so the current one is cached for good; an older address (a page rendered before a
 * deploy) still gets the current texts, but only for a minute.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const match = /^shell\.([A-Za-z-]+)\.[0-9a-z]+\.js$/.exec(params.file ?? "");
  const lng = match?.[1];
  if (!lng || !isLanguage(lng)) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const script = shellTextsScript(lng);
  const current = script.src === `/i18n/${params.file}`;
  return new Response(script.body, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=60",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
