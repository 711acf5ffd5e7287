import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { userSettings } from "../../../db/schema";
import { withTenant } from "../../../db/tenant";
import { isLanguage, pickLanguage, type Language } from "~/i18n";
import type { Preferences } from "~/lib/preferences";
import { THEMES } from "~/lib/theme";
import type { Session } from "./session.server";

export type { Preferences };

/**
 * One cookie per preference, so two switches pressed in quick succession (two requests in flight, each
 * carrying the cookies of before) never write back each other's old value.
 */
const COOKIE = { lang: "derrick_lang", theme: "derrick_theme", watermark: "derrick_watermark", asideFolded: "derrick_aside" } as const;

function readCookies(request: Request): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of (request.headers.get("Cookie") ?? "").split(/;\s*/)) {
    const at = part.indexOf("=");
    if (at > 0) jar.set(part.slice(0, at), decodeURIComponent(part.slice(at + 1)));
  }
  return jar;
}

/**
 * The preferences for the first HTML: cookies mirror the user's stored settings (written at sign-in and
 * on every change), so the page renders in the right language and theme without a database read or a flash.
 */
export function readPreferences(request: Request): Preferences {
  const c = readCookies(request);
  return {
    lang: pickLanguage(c.get(COOKIE.lang), request.headers.get("Accept-Language")),
    theme: c.get(COOKIE.theme) === "dark" ? "dark" : "light",
    watermark: c.get(COOKIE.watermark) === "1",
    asideFolded: c.get(COOKIE.asideFolded) === "1",
  };
}

/** Set-Cookie values for the given preferences only. */
export function prefsCookies(p: Partial<Preferences>): string[] {
  const out: string[] = [];
  const put = (name: string, value: string) => out.push(`${name}=${encodeURIComponent(value)}; Path=/; SameSite=Lax; Max-Age=31536000`);
  if (p.lang) put(COOKIE.lang, p.lang);
  if (p.theme) put(COOKIE.theme, p.theme);
  if (p.watermark !== undefined) put(COOKIE.watermark, p.watermark ? "1" : "0");
  if (p.asideFolded !== undefined) put(COOKIE.asideFolded, p.asideFolded ? "1" : "0");
  return out;
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

/**
 * Merges a patch into the user's stored settings inside SQLite (json_patch, RFC 7396: objects merge,
 * arrays are replaced), so two changes saved at the same moment both survive.
 */
export async function patchUserSettings(db: Db, user: { id: number; tenantId: number }, patch: Record<string, unknown>, lang?: Language): Promise<void> {
  const json = JSON.stringify(patch);
  const now = Date.now();
  await db
    .insert(userSettings)
    .values(withTenant(user, { userId: user.id, lang: lang ?? null, settings: patch, updatedAt: now }))
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: {
        lang: lang ? lang : sql`${userSettings.lang}`,
        settings: sql`json_patch(coalesce(${userSettings.settings}, '{}'), ${json})`,
        updatedAt: now,
      },
    });
}

/** The user's stored settings as read with the session, parsed once per request (null when there are none). */
const parsedSettings = new WeakMap<Session, Record<string, unknown> | null>();
function settingsOf(session: Session): Record<string, unknown> | null {
  if (parsedSettings.has(session)) return parsedSettings.get(session)!;
  let settings: Record<string, unknown> | null = null;
  try {
    const value: unknown = session.settings ? JSON.parse(session.settings) : null;
    if (value && typeof value === "object" && !Array.isArray(value)) settings = value as Record<string, unknown>;
  } catch {
    // a damaged row reads as no settings; the next save writes a whole object again
  }
  parsedSettings.set(session, settings);
  return settings;
}

/** One entry of the user's stored settings by its dotted path (`columns.userManage`), or null. */
export function sessionSetting<T>(session: Session, path: string): T | null {
  let at: unknown = settingsOf(session);
  for (const key of path.split(".")) {
    if (!at || typeof at !== "object" || !Object.hasOwn(at, key)) return null;
    at = (at as Record<string, unknown>)[key];
  }
  return (at ?? null) as T | null;
}

/** Stores a change of some preferences. */
export async function saveUserPreferences(db: Db, user: { id: number; tenantId: number }, change: Partial<Preferences>): Promise<void> {
  const patch: Record<string, unknown> = {};
  if (change.theme) Object.assign(patch, THEMES[change.theme]);
  if (change.watermark !== undefined) patch.watermark = change.watermark;
  if (change.asideFolded !== undefined) patch.asideFolded = change.asideFolded;
  await patchUserSettings(db, user, patch, change.lang);
}
