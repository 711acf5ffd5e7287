import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { userSettings } from "../../../db/schema";
import { isLanguage, pickLanguage, type Language } from "~/i18n";
import { THEMES, type ThemeName } from "~/lib/theme";


export interface Preferences {
  lang: Language;
  theme: ThemeName;
  watermark: boolean;
  asideFolded: boolean;
}

const PREFS_COOKIE = "derrick_prefs";

function parsePrefsCookie(request: Request): Partial<Record<string, string>> {
  const raw = (request.headers.get("Cookie") ?? "").split(/;\s*/).find((c) => c.startsWith(`${PREFS_COOKIE}=`));
  if (!raw) return {};
  return Object.fromEntries(new URLSearchParams(decodeURIComponent(raw.slice(PREFS_COOKIE.length + 1))));
}

/**
 * The preferences for the first HTML: a cookie mirrors the user's stored settings (written at sign-in and
 * on every change), so the page renders in the right language and theme without a database read or a flash.
 */
export function readPreferences(request: Request): Preferences {
  const c = parsePrefsCookie(request);
  return {
    lang: pickLanguage(c.lang, request.headers.get("Accept-Language")),
    theme: c.theme === "dark" ? "dark" : "light",
    watermark: c.watermark === "1",
    asideFolded: c.aside === "1",
  };
}

export function prefsCookie(p: Preferences): string {
  const value = new URLSearchParams({ lang: p.lang, theme: p.theme, watermark: p.watermark ? "1" : "0", aside: p.asideFolded ? "1" : "0" });
  return `${PREFS_COOKIE}=${encodeURIComponent(value.toString())}; Path=/; SameSite=Lax; Max-Age=31536000`;
}

/** The server copy of the user's settings (spec §3 Settings plus watermark). */
export async function loadUserPreferences(db: Db, userId: number, fallback: Preferences): Promise<Preferences> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  if (!row) return fallback;
  const s = row.settings as Record<string, unknown>;
  return {
    lang: isLanguage(row.lang) ? row.lang : fallback.lang,
    theme: s.themeID === THEMES.dark.themeID ? "dark" : "light",
    watermark: s.watermark === true,
    asideFolded: s.asideFolded === true,
  };
}

export async function saveUserPreferences(db: Db, user: { id: number; tenantId: number }, p: Preferences): Promise<void> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, user.id));
  const settings = { ...((row?.settings as Record<string, unknown>) ?? {}), ...THEMES[p.theme], watermark: p.watermark, asideFolded: p.asideFolded };
  await db
    .insert(userSettings)
    .values({ userId: user.id, tenantId: user.tenantId, lang: p.lang, settings, updatedAt: Date.now() })
    .onConflictDoUpdate({ target: userSettings.userId, set: { lang: p.lang, settings, updatedAt: Date.now() } });
}
