import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiJson, requireApiScope } from "~/modules/access/access.server";
import { readPreferences } from "~/modules/auth/preferences.server";
import type { GeoFailure } from "~/widgets/map/config";
import { placeQuery, reverseGeocode, searchPlaces, type GeoAnswer } from "./geocode.server";

const STATUS: Record<GeoFailure, number> = { notConfigured: 503, unavailable: 503, rateLimited: 429 };

/** A lookup's answer as JSON: the data, or the reason in `message` with an empty answer (the picker stays usable). */
function answer<T>(a: GeoAnswer<T>, empty: T): Response {
  // the answer is in the user's language (a cookie): a switch of language must not get the other one from the browser's cache
  if (a.ok) return apiJson({ code: 200, data: a.data }, { headers: { "Cache-Control": "private, max-age=600", Vary: "Cookie" } });
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (a.reason === "rateLimited") headers["Retry-After"] = String(60 - (Math.floor(Date.now() / 1000) % 60));
  return apiJson({ code: STATUS[a.reason], message: a.reason, data: empty }, { status: STATUS[a.reason], headers });
}

/** GET /api/geo/search?q=: places for the map pickers' search box; any signed-in user of the tenant. */
export async function geoSearchLoader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireApiScope(request, context);
  const q = placeQuery(new URL(request.url).searchParams.get("q"));
  if (!q) return apiJson({ code: 400, message: "q must be 1 to 100 characters" }, { status: 400 });
  return answer(await searchPlaces(scope, q, readPreferences(request).lang), []);
}

const coordinate = (v: string | null, max: number) => (v !== null && /^-?\d{1,3}(\.\d+)?$/.test(v.trim()) && Math.abs(Number(v)) <= max ? Number(v) : null);

/** GET /api/geo/reverse?lng=&lat= (WGS-84): the address at a point, for a click on a map picker. */
export async function geoReverseLoader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireApiScope(request, context);
  const params = new URL(request.url).searchParams;
  const lng = coordinate(params.get("lng"), 180);
  const lat = coordinate(params.get("lat"), 90);
  if (lng === null || lat === null) return apiJson({ code: 400, message: "lng and lat must be WGS-84 degrees" }, { status: 400 });
  return answer(await reverseGeocode(scope, [lng, lat], readPreferences(request).lang), { address: null });
}
