// Loaded only when /mapConfig selects Mapbox with a pk. token (mapbox-gl draws nothing without one; STACK.md).
import mapboxgl from "mapbox-gl";
import cssUrl from "mapbox-gl/dist/mapbox-gl.css?url";
import { ensureStylesheet, type MapEngine } from "./engine";

export const engine: MapEngine = {
  name: "mapbox",
  ready: ensureStylesheet(cssUrl),
  create: (options) => new mapboxgl.Map({ ...(options as mapboxgl.MapOptions), accessToken: String(options.accessToken ?? "") }) as unknown as import("maplibre-gl").Map,
  NavigationControl: mapboxgl.NavigationControl as unknown as MapEngine["NavigationControl"],
  ScaleControl: mapboxgl.ScaleControl as unknown as MapEngine["ScaleControl"],
  Marker: mapboxgl.Marker as unknown as MapEngine["Marker"],
  Popup: mapboxgl.Popup as unknown as MapEngine["Popup"],
};
