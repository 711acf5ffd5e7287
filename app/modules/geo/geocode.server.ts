import { and, lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { geoCalls } from "../../../db/schema";
import { ofTenant, withTenant } from "../../../db/tenant";
import type { Language } from "~/i18n";
import { mapConfig } from "~/modules/settings/definitions.server";
import { readTenantSettings } from "~/modules/settings/settings.server";
import type { GeoFailure, Place } from "~/widgets/map/config";
import type { LngLat } from "~/widgets/map/coords";
import { geocoderSettings, type GeocoderSettings } from "./geo-config.server";
import { PROVIDERS, ProviderError } from "./providers.server";

export type GeoAnswer<T> = { ok: true; data: T } | { ok: false; reason: GeoFailure };

/** How long an answer is kept: places and addresses change slowly, and every call counts against the provider's quota. */
export const CACHE_SECONDS = 7 * 24 * 3600;
export const QUERY_MAX = 100;

interface GeoScope {
  db: Db;
  user: { tenantId: number };
}

async function tenantGeocoder(scope: GeoScope): Promise<GeocoderSettings | null> {
  const { values } = await readTenantSettings(scope.db, scope.user.tenantId, mapConfig.view.key, mapConfig.defaults);
  return geocoderSettings(values);
}

/** A hex digest, so the cache key changes with the provider's key and URL without containing them. */
async function digest(text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(bytes.slice(0, 12), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The Cache API entry of one lookup: per tenant (a tenant's provider and its answers are its own), per provider
 * configuration and per language. The host is never fetched; it only names the entry.
 */
async function cacheKey(tenantId: number, s: GeocoderSettings, kind: "search" | "reverse", params: Record<string, string>) {
  const config = await digest(`${s.provider}\n${s.url}\n${s.key}`);
  return new Request(`https://geo-cache.derrick.invalid/${tenantId}/${config}/${kind}?${new URLSearchParams(params)}`);
}

const cache = () => (typeof caches === "undefined" ? null : (caches as unknown as { default: Cache }).default);

/**
 * Counts a call to the provider against the tenant's limit for this minute: one upsert that returns the new count
 * (D1 runs it atomically). The first call of a minute clears the tenant's older minutes.
 */
export async function takeGeoCall(db: Db, tenantId: number, perMinute: number, now = Date.now()): Promise<boolean> {
  const minute = Math.floor(now / 60_000);
  const [row] = await db
    .insert(geoCalls)
    .values(withTenant(tenantId, { minute, n: 1 }))
    .onConflictDoUpdate({ target: [geoCalls.tenantId, geoCalls.minute], set: { n: sql`${geoCalls.n} + 1` } })
    .returning({ n: geoCalls.n });
  if (row?.n === 1) await db.delete(geoCalls).where(and(ofTenant(geoCalls, tenantId), lt(geoCalls.minute, minute)));
  return (row?.n ?? 0) <= perMinute;
}

async function lookup<T>(scope: GeoScope, kind: "search" | "reverse", params: Record<string, string>, call: (s: GeocoderSettings) => Promise<T>): Promise<GeoAnswer<T>> {
  const s = await tenantGeocoder(scope);
  if (!s) return { ok: false, reason: "notConfigured" };
  const key = await cacheKey(scope.user.tenantId, s, kind, params);
  const hit = await cache()?.match(key);
  if (hit) return { ok: true, data: (await hit.json()) as T };
  if (!(await takeGeoCall(scope.db, scope.user.tenantId, s.perMinute))) return { ok: false, reason: "rateLimited" };
  let data: T;
  try {
    data = await call(s);
  } catch (e) {
    // never the URL: it carries the key
    console.warn(`geocoder ${s.provider} ${kind}:`, e instanceof ProviderError ? e.message : "failed");
    return { ok: false, reason: "unavailable" };
  }
  await cache()?.put(key, new Response(JSON.stringify(data), { headers: { "Content-Type": "application/json", "Cache-Control": `max-age=${CACHE_SECONDS}` } }));
  return { ok: true, data };
}

/** Normalises a typed query: trimmed, inner spaces collapsed; null when empty or too long. */
export function placeQuery(raw: string | null): string | null {
  const q = (raw ?? "").trim().replace(/\s+/g, " ");
  return q && q.length <= QUERY_MAX ? q : null;
}

/** Places matching a typed query, in WGS-84, through the tenant's provider (cached, rate-limited, failing soft). */
export function searchPlaces(scope: GeoScope, q: string, lang: Language): Promise<GeoAnswer<Place[]>> {
  return lookup(scope, "search", { q: q.toLowerCase(), lang }, (s) => PROVIDERS[s.provider].search(q, lang, s));
}

/** The address at a WGS-84 point (null when the provider knows none there). Points are cached to about a metre. */
export function reverseGeocode(scope: GeoScope, point: LngLat, lang: Language): Promise<GeoAnswer<{ address: string | null }>> {
  const [lng, lat] = point.map((n) => Math.round(n * 1e5) / 1e5) as LngLat;
  return lookup(scope, "reverse", { lng: String(lng), lat: String(lat), lang }, async (s) => ({ address: await PROVIDERS[s.provider].reverse([lng, lat], lang, s) }));
}
