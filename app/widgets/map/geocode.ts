import type { GeoFailure, Place } from "./config";
import type { LngLat } from "./coords";

/** A lookup through the Worker's geocoding proxy: the answer, or why there is none. */
export type Lookup<T> = { ok: true; data: T } | { ok: false; reason: GeoFailure };

async function getLookup<T>(url: string, signal?: AbortSignal): Promise<Lookup<T>> {
  try {
    const res = await fetch(url, { headers: { Accept: "application/json" }, signal });
    const body = (await res.json().catch(() => null)) as { data?: T; message?: string } | null;
    if (res.ok && body && body.data !== undefined) return { ok: true, data: body.data };
    const reason = body?.message;
    return { ok: false, reason: reason === "rateLimited" || reason === "notConfigured" ? reason : "unavailable" };
  } catch (e) {
    if (e instanceof DOMException && e.name === "AbortError") throw e;
    return { ok: false, reason: "unavailable" };
  }
}

/** Places matching what was typed (GET /api/geo/search), WGS-84. */
export const findPlaces = (q: string, signal?: AbortSignal) => getLookup<Place[]>(`/api/geo/search?q=${encodeURIComponent(q)}`, signal);

/** The address at a WGS-84 point (GET /api/geo/reverse), null when the provider knows none. */
export const addressAt = ([lng, lat]: LngLat, signal?: AbortSignal) => getLookup<{ address: string | null }>(`/api/geo/reverse?lng=${lng}&lat=${lat}`, signal);
