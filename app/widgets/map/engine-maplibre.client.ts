// Loaded only by map screens (dynamic import): maplibre-gl, its worker and its CSS.
import * as maplibregl from "maplibre-gl";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import cssUrl from "maplibre-gl/dist/maplibre-gl.css?url";
import { ensureStylesheet, type MapEngine } from "./engine";

// maplibre-gl 6 has no default export and its worker 404s under Vite unless pointed at (STACK.md)
maplibregl.setWorkerUrl(workerUrl);

export const engine: MapEngine = {
  name: "maplibre",
  ready: ensureStylesheet(cssUrl),
  create: (options) => new maplibregl.Map(options as maplibregl.MapOptions),
  NavigationControl: maplibregl.NavigationControl,
  ScaleControl: maplibregl.ScaleControl,
  Marker: maplibregl.Marker,
  Popup: maplibregl.Popup,
};
