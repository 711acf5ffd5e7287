import type * as maplibregl from "maplibre-gl";

/**
 * The one map API the screens use. maplibre-gl and mapbox-gl share it (maplibre is mapbox-gl 1's fork), so screens
 * are written once against maplibre's types; which library is loaded depends on /mapConfig.
 */
export type MapInstance = maplibregl.Map;

export interface MapEngine {
  name: "maplibre" | "mapbox";
  /** resolves when the engine's stylesheet is in the page */
  ready: Promise<void>;
  create(options: Record<string, unknown> & { container: HTMLElement }): MapInstance;
  NavigationControl: typeof maplibregl.NavigationControl;
  ScaleControl: typeof maplibregl.ScaleControl;
  Marker: typeof maplibregl.Marker;
  Popup: typeof maplibregl.Popup;
}

/** Adds a stylesheet link once and resolves when it has loaded (or failed: the map still works without it). */
export function ensureStylesheet(href: string): Promise<void> {
  if (typeof document === "undefined") return Promise.resolve();
  const existing = document.querySelector<HTMLLinkElement>(`link[data-map-css="${href}"]`);
  if (existing) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.dataset.mapCss = href;
    link.onload = link.onerror = () => resolve();
    document.head.appendChild(link);
  });
}
