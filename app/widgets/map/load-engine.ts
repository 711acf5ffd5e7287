import type { MapEngine } from "./engine";

// Apart from engine.ts, which the engines import for its types and stylesheet helper: this module imports them.

/**
 * Loads the configured engine's code (a separate chunk per engine; nothing of either is in the main bundle). Browser
 * only: the engines are `.client` modules, which the server build replaces with empty ones, so neither library is
 * in the Worker (they were 3.8 MB of its 11.8; docs/architecture.md, "Worker bundle").
 */
export async function loadEngine(name: "maplibre" | "mapbox"): Promise<MapEngine> {
  const { engine } = name === "mapbox" ? await import("./engine-mapbox.client") : await import("./engine-maplibre.client");
  await engine.ready;
  return engine;
}
