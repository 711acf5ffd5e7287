import gcoord from "gcoord";
import type { MapClientConfig } from "./config";

export type LngLat = [number, number];

/**
 * Coordinates are stored WGS-84. A GCJ-02 base map (most Chinese tile services) is offset by a few hundred metres,
 * so positions are converted on the way to the screen and back when the user clicks or draws.
 */
export interface Projection {
  toDisplay(p: LngLat): LngLat;
  fromDisplay(p: LngLat): LngLat;
}

const identity: Projection = { toDisplay: (p) => p, fromDisplay: (p) => p };
const gcj: Projection = {
  toDisplay: (p) => round(gcoord.transform(p, gcoord.WGS84, gcoord.GCJ02) as LngLat),
  fromDisplay: (p) => round(gcoord.transform(p, gcoord.GCJ02, gcoord.WGS84) as LngLat),
};
const round = ([lng, lat]: LngLat): LngLat => [Math.round(lng * 1e7) / 1e7, Math.round(lat * 1e7) / 1e7];

export const projectionOf = (config: Pick<MapClientConfig, "coordinateSystem">): Projection => (config.coordinateSystem === "gcj02" ? gcj : identity);
