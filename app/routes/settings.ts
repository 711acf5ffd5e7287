import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { getDb } from "../../db/client";
import { isLanguage } from "~/i18n";
import { prefsCookie, readPreferences, saveUserPreferences } from "~/modules/auth/preferences.server";
import { readSession, safeRedirectPath } from "~/modules/auth/session.server";

/** Saves one preference (lang, theme, watermark, aside) to the cookie and, when signed in, to the user's settings. */
export async function action({ request, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  const form = await request.formData();
  const prefs = readPreferences(request);
  const lang = form.get("lang");
  if (isLanguage(lang)) prefs.lang = lang;
  const theme = form.get("theme");
  if (theme === "light" || theme === "dark") prefs.theme = theme;
  const watermark = form.get("watermark");
  if (watermark === "0" || watermark === "1") prefs.watermark = watermark === "1";
  const aside = form.get("aside");
  if (aside === "0" || aside === "1") prefs.asideFolded = aside === "1";
  const db = getDb(env);
  const state = await readSession(request, env, db);
  if (state.status === "ok") await saveUserPreferences(db, state.session.user, prefs);
  const to = String(form.get("redirectTo") ?? "");
  // back to the page the switch was on, the sign-in pages included; never to another host
  const back = /^\/(login|loginAdmin|resetPassword)\b/.test(to) ? to : safeRedirectPath(to);
  return redirect(back, { headers: { "Set-Cookie": prefsCookie(prefs) } });
}

export function loader() {
  return redirect("/manageWork");
}
