/** The place-search providers /mapConfig offers; `none` means addresses are typed. */
export const GEOCODERS = ["none", "amap", "tianditu", "mapbox", "nominatim"] as const;
export type GeocoderName = Exclude<(typeof GEOCODERS)[number], "none">;

/** What the Worker needs to call a tenant's provider. The key stays here: no route ever returns it. */
export interface GeocoderSettings {
  provider: GeocoderName;
  key: string;
  /** Nominatim's base URL, without a trailing slash */
  url: string;
  perMinute: number;
}

const str = (v: unknown) => (typeof v === "string" ? v.trim() : "");

/**
 * The tenant's geocoder from its stored /mapConfig values, or null when none is configured (or its key is missing).
 * Tianditu may share the base map's key and Mapbox the base map's token when no separate key is given.
 */
export function geocoderSettings(values: Record<string, unknown>): GeocoderSettings | null {
  const provider = values.geocoder;
  if (provider !== "amap" && provider !== "tianditu" && provider !== "mapbox" && provider !== "nominatim") return null;
  const key = str(values.geocoderKey) || (provider === "tianditu" ? str(values.tiandituKey) : provider === "mapbox" ? str(values.mapboxToken) : "");
  const url = str(values.geocoderUrl).replace(/\/+$/, "");
  if (provider === "nominatim" ? !url : !key) return null;
  const perMinute = Number(values.geocoderPerMinute);
  return { provider, key, url, perMinute: Number.isInteger(perMinute) && perMinute > 0 ? perMinute : 60 };
}
