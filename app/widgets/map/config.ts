/**
 * What a map screen needs to draw its base map, as the browser receives it: the engine, its public token (Mapbox
 * `pk.` tokens are meant for browsers), the base map's tiles or style with their attribution, the base map's
 * coordinate system, the default view, and whether place search is configured. Geocoder keys and secrets never
 * leave the server (app/modules/geo).
 */
export interface MapClientConfig {
  engine: "maplibre" | "mapbox";
  /** only when the engine is mapbox */
  token: string | null;
  styleUrl: string | null;
  /** the first raster tile template (`{z}/{x}/{y}`), null when the base is a style or the offline base */
  tileUrl: string | null;
  coordinateSystem: "wgs84" | "gcj02";
  center: [number, number];
  zoom: number;
  /** the /mapConfig preset (absent in configs of older servers: derived from the rest) */
  base?: BaseMap;
  /** every tile template of the base layer (a provider's subdomains spread the load) */
  tiles?: string[];
  /** a transparent raster layer over the base (labels over imagery, Tianditu's annotations) */
  labels?: string[];
  /** the provider's attribution, shown in the map's corner (HTML: a link to its terms) */
  attribution?: string | null;
  /** place search and reverse geocoding are configured (/api/geo/search, /api/geo/reverse) */
  geocoder?: boolean;
}

/** The base maps /mapConfig offers. `offline` is the bundled Natural Earth outline: no streets. */
export const BASE_MAPS = ["offline", "amap", "amapSatellite", "tianditu", "tiandituImage", "osm", "mapbox", "custom"] as const;
export type BaseMap = (typeof BASE_MAPS)[number];

export const DEFAULT_MAP_CONFIG: MapClientConfig = { engine: "maplibre", token: null, styleUrl: null, tileUrl: null, coordinateSystem: "wgs84", center: [121.47, 31.23], zoom: 10, base: "offline", tiles: [], labels: [], attribution: null, geocoder: false };

const num = (v: unknown, fallback: number) => (typeof v === "number" && Number.isFinite(v) ? v : typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : fallback);
const str = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);
const spread = (template: string, subdomains: string[]) => subdomains.map((s) => template.replace("{s}", s));

const AMAP = "© <a href=\"https://www.amap.com/\" target=\"_blank\" rel=\"noopener\">高德地图 AutoNavi</a>";
const TIANDITU = "© <a href=\"https://www.tianditu.gov.cn/\" target=\"_blank\" rel=\"noopener\">天地图 Tianditu</a>";
const OSM = "© <a href=\"https://www.openstreetmap.org/copyright\" target=\"_blank\" rel=\"noopener\">OpenStreetMap</a> contributors";
const tianditu = (layer: string, key: string) =>
  spread(`https://t{s}.tianditu.gov.cn/${layer}_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=${layer}&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk=${encodeURIComponent(key)}`, ["0", "1", "2", "3", "4", "5", "6", "7"]);
const amap = (host: "webrd" | "webst", style: number) => spread(`https://${host}0{s}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=${style}&x={x}&y={y}&z={z}`, ["1", "2", "3", "4"]);

/**
 * The preset a stored /mapConfig value means. Values saved before presets existed (engine, style or tile URL only)
 * keep working: Mapbox stays Mapbox, a URL is a custom base, nothing is the offline base.
 */
export function baseMapOf(values: Record<string, unknown>): BaseMap {
  if (BASE_MAPS.includes(values.basemap as BaseMap)) return values.basemap as BaseMap;
  if (values.engine === "mapbox") return "mapbox";
  return str(values.styleUrl) || str(values.tileUrl) ? "custom" : "offline";
}

/**
 * Turns the stored /mapConfig values into the browser's config. Each preset fixes its coordinate system (Amap is
 * GCJ-02; Tianditu's CGCS2000, OpenStreetMap and Mapbox are WGS-84 to well under a metre); only a custom base takes
 * the one chosen on the form. Mapbox without a pk. token, or Tianditu without a key, falls back to the offline base.
 */
export function mapClientConfig(values: Record<string, unknown>, geocoder = false): MapClientConfig {
  const token = str(values.mapboxToken);
  const tdtKey = str(values.tiandituKey);
  let base = baseMapOf(values);
  if (base === "mapbox" && !token?.startsWith("pk.")) base = "offline";
  if ((base === "tianditu" || base === "tiandituImage") && !tdtKey) base = "offline";
  const styleUrl = str(values.styleUrl);
  const customTile = str(values.tileUrl);
  const view = {
    center: [num(values.centerLng, DEFAULT_MAP_CONFIG.center[0]), num(values.centerLat, DEFAULT_MAP_CONFIG.center[1])] as [number, number],
    zoom: Math.min(18, Math.max(3, num(values.zoom, DEFAULT_MAP_CONFIG.zoom))),
    geocoder,
  };
  const raster = (tiles: string[], labels: string[], attribution: string, coordinateSystem: "wgs84" | "gcj02"): MapClientConfig => ({
    engine: "maplibre",
    token: null,
    styleUrl: null,
    tileUrl: tiles[0] ?? null,
    coordinateSystem,
    base,
    tiles,
    labels,
    attribution,
    ...view,
  });
  switch (base) {
    case "amap":
      return raster(amap("webrd", 8), [], AMAP, "gcj02");
    case "amapSatellite":
      return raster(amap("webst", 6), amap("webst", 8), AMAP, "gcj02");
    case "tianditu":
      return raster(tianditu("vec", tdtKey!), tianditu("cva", tdtKey!), TIANDITU, "wgs84");
    case "tiandituImage":
      return raster(tianditu("img", tdtKey!), tianditu("cia", tdtKey!), TIANDITU, "wgs84");
    case "osm":
      return raster(["https://tile.openstreetmap.org/{z}/{x}/{y}.png"], [], OSM, "wgs84");
    case "mapbox":
      // mapbox-gl draws its own attribution for mapbox:// styles
      return { engine: "mapbox", token, styleUrl: styleUrl ?? "mapbox://styles/mapbox/streets-v12", tileUrl: null, coordinateSystem: "wgs84", base, tiles: [], labels: [], attribution: null, ...view };
    case "custom": {
      // mapbox:// styles only resolve in mapbox-gl
      const style = styleUrl && !styleUrl.startsWith("mapbox://") ? styleUrl : null;
      return {
        engine: "maplibre",
        token: null,
        styleUrl: style,
        tileUrl: style ? null : customTile,
        coordinateSystem: values.coordinateSystem === "gcj02" ? "gcj02" : "wgs84",
        base: style || customTile ? "custom" : "offline",
        tiles: !style && customTile ? [customTile] : [],
        labels: [],
        attribution: str(values.attribution),
        ...view,
      };
    }
    default:
      return { ...DEFAULT_MAP_CONFIG, ...view, base: "offline" };
  }
}

/** Whether the map has an online base at all (the offline base has coastlines and borders, no streets). */
export const hasOnlineBase = (config: MapClientConfig) =>
  config.base ? config.base !== "offline" : Boolean(config.styleUrl || config.tileUrl || config.engine === "mapbox");

/** Spec §9: after a search, provinces at zoom 7, cities and counties at 11, anything smaller at 16. */
export const PLACE_ZOOM = { province: 7, city: 11, place: 16 } as const;
export type PlaceLevel = keyof typeof PLACE_ZOOM;

/** A place as /api/geo/search and /api/geo/reverse answer it: WGS-84, whatever the provider speaks. */
export interface Place {
  name: string;
  address: string;
  lng: number;
  lat: number;
  level: PlaceLevel;
}

/** Why a geocoder call gave nothing: not configured, the provider failed or timed out, the tenant's limit was hit. */
export type GeoFailure = "notConfigured" | "unavailable" | "rateLimited";
