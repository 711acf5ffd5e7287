import type { StyleSpecification } from "maplibre-gl";
import type { MapClientConfig } from "./config";

/** Colours of the bundled base in each theme. */
export const BASE_COLOURS = {
  light: { background: "#dfe9f3", land: "#f7f6f2", border: "#b9b4a8", raster: 1 },
  dark: { background: "#0f1720", land: "#1c2530", border: "#3d4856", raster: 0.75 },
} as const;

/**
 * The style a map screen starts from when no style URL is set: a background, the bundled land and borders
 * (Natural Earth, public domain; public/map/base.geojson, about 40 KB gzipped) and, when a tile URL is configured,
 * its raster tiles on top. It needs no token, no fonts and no internet. Screens add their own layers.
 */
export function baseStyle(config: Pick<MapClientConfig, "tileUrl" | "tiles" | "labels" | "attribution">, origin: string, dark: boolean): StyleSpecification {
  const c = dark ? BASE_COLOURS.dark : BASE_COLOURS.light;
  const style: StyleSpecification = {
    version: 8,
    sources: { base: { type: "geojson", data: `${origin}/map/base.geojson`, attribution: "Natural Earth" } },
    layers: [
      { id: "background", type: "background", paint: { "background-color": c.background } },
      { id: "land", type: "fill", source: "base", filter: ["==", ["get", "k"], "land"], paint: { "fill-color": c.land } },
      { id: "border", type: "line", source: "base", filter: ["==", ["get", "k"], "border"], paint: { "line-color": c.border, "line-width": 1 } },
    ],
  };
  const tiles = config.tiles?.length ? config.tiles : config.tileUrl ? [config.tileUrl] : [];
  const attribution = config.attribution ?? undefined;
  if (tiles.length) {
    style.sources.tiles = { type: "raster", tiles, tileSize: 256, maxzoom: 18, attribution };
    style.layers.push({ id: "tiles", type: "raster", source: "tiles", paint: { "raster-opacity": c.raster } });
  }
  if (config.labels?.length) {
    style.sources.labels = { type: "raster", tiles: config.labels, tileSize: 256, maxzoom: 18 };
    style.layers.push({ id: "labels", type: "raster", source: "labels", paint: { "raster-opacity": c.raster } });
  }
  return style;
}

/** The sources (and layers) of an online base in `baseStyle`: their tile errors mean the base cannot be reached. */
export const BASE_TILE_SOURCES = ["tiles", "labels"] as const;

/** Repaints the bundled base for a theme switch without reloading the style (screens' layers stay). */
export function applyBaseTheme(map: { getLayer(id: string): unknown; setPaintProperty(layer: string, name: string, value: unknown): void }, dark: boolean) {
  const c = dark ? BASE_COLOURS.dark : BASE_COLOURS.light;
  if (map.getLayer("background")) map.setPaintProperty("background", "background-color", c.background);
  if (map.getLayer("land")) map.setPaintProperty("land", "fill-color", c.land);
  if (map.getLayer("border")) map.setPaintProperty("border", "line-color", c.border);
  for (const id of BASE_TILE_SOURCES) if (map.getLayer(id)) map.setPaintProperty(id, "raster-opacity", c.raster);
}
