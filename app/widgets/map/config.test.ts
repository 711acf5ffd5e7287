import { describe, expect, it } from "vitest";
import { hasOnlineBase, mapClientConfig } from "./config";
import { projectionOf } from "./coords";
import { baseStyle } from "./style";

describe("base-map presets", () => {
  it("give each provider its coordinate system, tiles and attribution", () => {
    const amap = mapClientConfig({ basemap: "amap", coordinateSystem: "wgs84" });
    expect(amap).toMatchObject({ engine: "maplibre", coordinateSystem: "gcj02", base: "amap" });
    expect(amap.tiles).toHaveLength(4);
    expect(amap.attribution).toContain("高德");
    const satellite = mapClientConfig({ basemap: "amapSatellite" });
    expect(satellite.coordinateSystem).toBe("gcj02");
    expect(satellite.labels).toHaveLength(4);
    // Tianditu's CGCS2000 is WGS-84 to well under a metre; its browser key goes with the tiles
    const tdt = mapClientConfig({ basemap: "tianditu", tiandituKey: "tdt-key", coordinateSystem: "gcj02" });
    expect(tdt.coordinateSystem).toBe("wgs84");
    expect(tdt.tiles![0]).toContain("LAYER=vec");
    expect(tdt.tiles![0]).toContain("tk=tdt-key");
    expect(tdt.labels![0]).toContain("LAYER=cva");
    expect(mapClientConfig({ basemap: "osm" })).toMatchObject({ coordinateSystem: "wgs84", tileUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png" });
    expect(mapClientConfig({ basemap: "mapbox", mapboxToken: "pk.abc" })).toMatchObject({ engine: "mapbox", token: "pk.abc", styleUrl: "mapbox://styles/mapbox/streets-v12", coordinateSystem: "wgs84" });
    // only a custom base takes the form's coordinate system
    expect(mapClientConfig({ basemap: "custom", tileUrl: "https://t.example/{z}/{x}/{y}.png", coordinateSystem: "gcj02", attribution: "© Example" })).toMatchObject({ coordinateSystem: "gcj02", attribution: "© Example", base: "custom" });
  });

  it("fall back to the offline base when a key or token is missing, and read settings saved before presets", () => {
    expect(mapClientConfig({ basemap: "tianditu", tiandituKey: "" }).base).toBe("offline");
    expect(mapClientConfig({ basemap: "mapbox", mapboxToken: "sk.secret" })).toMatchObject({ base: "offline", engine: "maplibre", token: null });
    expect(mapClientConfig({ engine: "mapbox", mapboxToken: "pk.old", styleUrl: "mapbox://styles/demo/light" })).toMatchObject({ base: "mapbox", styleUrl: "mapbox://styles/demo/light" });
    expect(mapClientConfig({ engine: "maplibre", tileUrl: "https://t.example/{z}/{x}/{y}.png", coordinateSystem: "gcj02" })).toMatchObject({ base: "custom", coordinateSystem: "gcj02" });
    const none = mapClientConfig({});
    expect(none.base).toBe("offline");
    expect(hasOnlineBase(none)).toBe(false);
    // a config from an older server (no preset field) is judged by its URLs
    expect(hasOnlineBase({ ...none, base: undefined, tileUrl: "https://t.example/{z}/{x}/{y}.png" })).toBe(true);
  });

  it("draw the base's tiles and labels over the bundled outline, with the attribution on the tile source", () => {
    const style = baseStyle(mapClientConfig({ basemap: "tiandituImage", tiandituKey: "k" }), "https://app.example", false);
    expect(style.layers.map((l) => l.id)).toEqual(["background", "land", "border", "tiles", "labels"]);
    expect((style.sources.tiles as { attribution?: string }).attribution).toContain("天地图");
  });

  it("convert WGS-84 to GCJ-02 and back for Amap (Tiananmen, about 600 m east), and leave points outside China alone", () => {
    const gcj = projectionOf({ coordinateSystem: "gcj02" });
    const shown = gcj.toDisplay([116.397428, 39.90923]);
    expect(shown[0]).toBeCloseTo(116.40367, 4);
    expect(shown[1]).toBeCloseTo(39.91063, 4);
    const back = gcj.fromDisplay(shown);
    expect(back[0]).toBeCloseTo(116.397428, 5);
    expect(back[1]).toBeCloseTo(39.90923, 5);
    expect(gcj.toDisplay([-0.1276, 51.5072])).toEqual([-0.1276, 51.5072]);
  });
});
