// The geocoding providers /mapConfig offers, as the Worker calls them: each turns a query or a point into Places in
// WGS-84, converting from and to GCJ-02 for Amap (the only one of them that speaks it).
import type { Language } from "~/i18n";
import type { Place, PlaceLevel } from "~/widgets/map/config";
import { projectionOf, type LngLat } from "~/widgets/map/coords";
import type { GeocoderName, GeocoderSettings } from "./geo-config.server";

/** How long a provider may take before the answer is "unavailable" (the address stays typable). */
const TIMEOUT_MS = 6000;
const LIMIT = 8;

interface Provider {
  search(q: string, lang: Language, s: GeocoderSettings): Promise<Place[]>;
  reverse(p: LngLat, lang: Language, s: GeocoderSettings): Promise<string | null>;
}

/** A provider's refusal or outage; its message never carries the URL (the URL has the key). */
export class ProviderError extends Error {}

async function getJson(url: string, headers: Record<string, string> = {}): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { Accept: "application/json", "User-Agent": "Derrick/1.0 (fleet back office geocoding proxy)", ...headers }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (e) {
    throw new ProviderError(e instanceof Error && e.name === "TimeoutError" ? "timeout" : "network");
  }
  if (!res.ok) throw new ProviderError(`status ${res.status}`);
  try {
    return await res.json();
  } catch {
    throw new ProviderError("not JSON");
  }
}

const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
const place = (name: string, address: string, at: LngLat, level: PlaceLevel): Place | null =>
  Number.isFinite(at[0]) && Number.isFinite(at[1]) && Math.abs(at[0]) <= 180 && Math.abs(at[1]) <= 90 ? { name: name || address, address: address || name, lng: round6(at[0]), lat: round6(at[1]), level } : null;
const lngLatOf = (v: unknown): LngLat => {
  const [lng, lat] = text(v).split(",").map(Number);
  return [lng ?? NaN, lat ?? NaN];
};
const gcj = projectionOf({ coordinateSystem: "gcj02" });

/** Nominatim's place_rank: 4 country, 8 state, 12 county, 16 city, then towns, streets and houses. */
const nominatimLevel = (rank: unknown): PlaceLevel => (typeof rank === "number" && rank <= 8 ? "province" : typeof rank === "number" && rank <= 16 ? "city" : "place");

const nominatim: Provider = {
  async search(q, lang, s) {
    const body = await getJson(`${s.url}/search?format=jsonv2&limit=${LIMIT}&q=${encodeURIComponent(q)}&accept-language=${lang}`);
    if (!Array.isArray(body)) throw new ProviderError("unexpected answer");
    return body.flatMap((r: Record<string, unknown>) => place(text(r.name), text(r.display_name), [Number(r.lon), Number(r.lat)], nominatimLevel(r.place_rank)) ?? []);
  },
  async reverse([lng, lat], lang, s) {
    const body = (await getJson(`${s.url}/reverse?format=jsonv2&lat=${lat}&lon=${lng}&zoom=18&accept-language=${lang}`)) as Record<string, unknown>;
    return text(body?.display_name) || null;
  },
};

/** Amap POI type codes of administrative names: 190101 country, 190102 province, 190103–190105 cities and counties. */
const amapLevel = (typecode: unknown): PlaceLevel => {
  const c = text(typecode);
  return c === "190101" || c === "190102" ? "province" : c === "190103" || c === "190104" || c === "190105" ? "city" : "place";
};
const amapOk = (body: unknown) => {
  const b = body as Record<string, unknown>;
  if (b?.status !== "1") throw new ProviderError(`refused: ${text(b?.info) || "unknown"}`);
  return b;
};

const amap: Provider = {
  async search(q, lang, s) {
    const b = amapOk(await getJson(`https://restapi.amap.com/v3/assistant/inputtips?key=${encodeURIComponent(s.key)}&keywords=${encodeURIComponent(q)}&datatype=all&language=${lang === "en-US" ? "en" : "zh"}`));
    const tips = Array.isArray(b.tips) ? (b.tips as Record<string, unknown>[]) : [];
    // tips without a location are category suggestions, not places
    return tips.flatMap((t) => (text(t.location) ? (place(text(t.name), `${text(t.district)}${text(t.address)}`, gcj.fromDisplay(lngLatOf(t.location)), amapLevel(t.typecode)) ?? []) : [])).slice(0, LIMIT);
  },
  async reverse(p, _lang, s) {
    const [lng, lat] = gcj.toDisplay(p);
    const b = amapOk(await getJson(`https://restapi.amap.com/v3/geocode/regeo?key=${encodeURIComponent(s.key)}&location=${lng.toFixed(6)},${lat.toFixed(6)}`));
    return text((b.regeocode as Record<string, unknown> | undefined)?.formatted_address) || null;
  },
};

const tiandituLevel = (level: unknown): PlaceLevel => (Number(level) <= 7 ? "province" : Number(level) <= 11 ? "city" : "place");
const tianditu: Provider = {
  async search(q, _lang, s) {
    const post = JSON.stringify({ keyWord: q, level: 12, mapBound: "-180,-90,180,90", queryType: 1, start: 0, count: LIMIT });
    const b = (await getJson(`https://api.tianditu.gov.cn/v2/search?postStr=${encodeURIComponent(post)}&type=query&tk=${encodeURIComponent(s.key)}`)) as Record<string, unknown>;
    const status = b?.status as { infocode?: number } | undefined;
    if (status?.infocode !== undefined && status.infocode !== 1000) throw new ProviderError(`refused: ${status.infocode}`);
    const pois = Array.isArray(b.pois) ? (b.pois as Record<string, unknown>[]) : [];
    const area = b.area as Record<string, unknown> | undefined;
    const areas = area && text(area.lonlat) ? [place(text(area.name), text(area.name), lngLatOf(area.lonlat), tiandituLevel(area.level))] : [];
    return [...areas, ...pois.map((p) => place(text(p.name), text(p.address), lngLatOf(p.lonlat), "place"))].flatMap((x) => x ?? []).slice(0, LIMIT);
  },
  async reverse([lng, lat], _lang, s) {
    const post = JSON.stringify({ lon: lng, lat, ver: 1 });
    const b = (await getJson(`https://api.tianditu.gov.cn/geocoder?postStr=${encodeURIComponent(post)}&type=geocode&tk=${encodeURIComponent(s.key)}`)) as Record<string, unknown>;
    if (b?.status !== undefined && String(b.status) !== "0") throw new ProviderError(`refused: ${text(b.msg)}`);
    return text((b.result as Record<string, unknown> | undefined)?.formatted_address) || null;
  },
};

const mapboxLevel = (type: unknown): PlaceLevel => (type === "country" || type === "region" ? "province" : type === "district" || type === "place" || type === "postcode" ? "city" : "place");
const mapboxLang = (lang: Language) => (lang === "zh-CN" ? "zh-Hans" : "en");
const mapbox: Provider = {
  async search(q, lang, s) {
    const b = (await getJson(`https://api.mapbox.com/search/geocode/v6/forward?q=${encodeURIComponent(q)}&limit=${LIMIT}&autocomplete=true&language=${mapboxLang(lang)}&access_token=${encodeURIComponent(s.key)}`)) as Record<string, unknown>;
    const features = Array.isArray(b?.features) ? (b.features as { geometry?: { coordinates?: number[] }; properties?: Record<string, unknown> }[]) : [];
    return features.flatMap((f) => {
      const [lng, lat] = f.geometry?.coordinates ?? [];
      return place(text(f.properties?.name), text(f.properties?.full_address) || text(f.properties?.place_formatted), [Number(lng), Number(lat)], mapboxLevel(f.properties?.feature_type)) ?? [];
    });
  },
  async reverse([lng, lat], lang, s) {
    const b = (await getJson(`https://api.mapbox.com/search/geocode/v6/reverse?longitude=${lng}&latitude=${lat}&limit=1&language=${mapboxLang(lang)}&access_token=${encodeURIComponent(s.key)}`)) as Record<string, unknown>;
    const f = Array.isArray(b?.features) ? (b.features[0] as { properties?: Record<string, unknown> } | undefined) : undefined;
    return text(f?.properties?.full_address) || text(f?.properties?.name) || null;
  },
};

export const PROVIDERS: Record<GeocoderName, Provider> = { nominatim, amap, tianditu, mapbox };
