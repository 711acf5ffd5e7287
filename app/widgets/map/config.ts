/**
 * What a map screen needs to draw its base map, as the browser receives it: the engine, its public token (Mapbox
 * `pk.` tokens are meant for browsers; nothing else from /mapConfig leaves the server), an optional style or raster
 * tile URL, the base map's coordinate system and the default view.
 */
export interface MapClientConfig {
  engine: "maplibre" | "mapbox";
  /** only when the engine is mapbox */
  token: string | null;
  styleUrl: string | null;
  tileUrl: string | null;
  coordinateSystem: "wgs84" | "gcj02";
  center: [number, number];
  zoom: number;
}

export const DEFAULT_MAP_CONFIG: MapClientConfig = { engine: "maplibre", token: null, styleUrl: null, tileUrl: null, coordinateSystem: "wgs84", center: [121.47, 31.23], zoom: 10 };

const num = (v: unknown, fallback: number) => (typeof v === "number" && Number.isFinite(v) ? v : typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : fallback);
const str = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);

/** Turns the stored /mapConfig values into the browser's config; mapbox without a pk. token falls back to maplibre. */
export function mapClientConfig(values: Record<string, unknown>): MapClientConfig {
  const token = str(values.mapboxToken);
  const mapbox = values.engine === "mapbox" && token !== null && token.startsWith("pk.");
  const styleUrl = str(values.styleUrl);
  return {
    engine: mapbox ? "mapbox" : "maplibre",
    token: mapbox ? token : null,
    // mapbox:// styles only resolve in mapbox-gl
    styleUrl: styleUrl && (mapbox || !styleUrl.startsWith("mapbox://")) ? styleUrl : null,
    tileUrl: str(values.tileUrl),
    coordinateSystem: values.coordinateSystem === "gcj02" ? "gcj02" : "wgs84",
    center: [num(values.centerLng, DEFAULT_MAP_CONFIG.center[0]), num(values.centerLat, DEFAULT_MAP_CONFIG.center[1])],
    zoom: Math.min(18, Math.max(3, num(values.zoom, DEFAULT_MAP_CONFIG.zoom))),
  };
}
