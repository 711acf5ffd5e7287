import { json, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { isLanguage } from "~/i18n";
import { anonymousScope } from "~/modules/access/access.server";
import { prefsCookies, saveUserPreferences, type Preferences } from "~/modules/auth/preferences.server";
import { readSession, safeRedirectPath } from "~/modules/auth/session.server";
import { readForm } from "~/lib/posted-form.server";

/** Saves one preference (lang, theme, watermark, aside) to the cookie and, when signed in, to the user's settings. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { env, db } = anonymousScope(context);
  const form = await readForm(request);
  const change: Partial<Preferences> = {};
  const lang = form.get("lang");
  if (isLanguage(lang)) change.lang = lang;
  const theme = form.get("theme");
  if (theme === "light" || theme === "dark") change.theme = theme;
  const watermark = form.get("watermark");
  if (watermark === "0" || watermark === "1") change.watermark = watermark === "1";
  const aside = form.get("aside");
  if (aside === "0" || aside === "1") change.asideFolded = aside === "1";
  const state = await readSession(request, env, db);
  if (state.status === "ok" && Object.keys(change).length) await saveUserPreferences(db, state.session.user, change);
  const headers = new Headers();
  for (const c of prefsCookies(change)) headers.append("Set-Cookie", c);
  // a switch in the running app (fetcher): data, and Remix revalidates the page; a plain form: back to the page
  if (form.get("js") === "1") return json({ ok: true }, { headers });
  const to = String(form.get("redirectTo") ?? "");
  // back to the page the switch was on, the sign-in pages included; never to another host
  const back = safeRedirectPath(to, "/manageWork", { allowSignIn: true });
  return redirect(back, { headers });
}

export function loader() {
  return redirect("/manageWork");
}
