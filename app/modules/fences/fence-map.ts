import type { Feature, FeatureCollection } from "geojson";
import { bounds, type LngLat } from "~/lib/geo";
import { shapeGeometry, type DrawnShape } from "~/widgets/map/draw";
import type { MapHandle } from "~/widgets/map/map-view";
import type { FenceRow, FenceType, LineRow } from "./fence.resource";

export const TYPE_COLOURS: Record<FenceType, string> = { site: "#2563eb", mixing: "#d97706", custom: "#7c3aed", admin: "#059669" };
const STOPPED = "#94a3b8";
const LINE_COLOUR = "#e11d48";
const DRAFT = "#0ea5e9";

export const fenceShape = (f: Pick<FenceRow, "shape" | "coordinates" | "radius">): DrawnShape =>
  f.shape === "circle" ? { shape: "circle", coordinates: [f.coordinates[0]!], radius: f.radius ?? 0 } : { shape: f.shape, coordinates: f.coordinates };

/** Adds the screen's sources and layers once the map has loaded: fences, lines, and the draft being edited. */
export function addFenceLayers(h: MapHandle) {
  const { map } = h;
  const empty: FeatureCollection = { type: "FeatureCollection", features: [] };
  for (const id of ["fences", "lines", "draft"]) map.addSource(id, { type: "geojson", data: empty });
  map.addLayer({ id: "fences-fill", type: "fill", source: "fences", paint: { "fill-color": ["get", "colour"], "fill-opacity": ["case", ["get", "selected"], 0.3, 0.12] } });
  map.addLayer({
    id: "fences-outline",
    type: "line",
    source: "fences",
    paint: { "line-color": ["get", "colour"], "line-width": ["case", ["get", "selected"], 3, 1.5] },
  });
  map.addLayer({ id: "lines-line", type: "line", source: "lines", layout: { "line-cap": "round", "line-join": "round" }, paint: { "line-color": ["get", "colour"], "line-width": ["case", ["get", "selected"], 5, 3] } });
  map.addLayer({ id: "draft-fill", type: "fill", source: "draft", filter: ["==", ["geometry-type"], "Polygon"], paint: { "fill-color": DRAFT, "fill-opacity": 0.2 } });
  map.addLayer({ id: "draft-line", type: "line", source: "draft", paint: { "line-color": DRAFT, "line-width": 3 } });
}

const setData = (h: MapHandle, source: string, features: Feature[]) =>
  (h.map.getSource(source) as unknown as { setData(d: FeatureCollection): void } | undefined)?.setData({ type: "FeatureCollection", features });

/** Draws every fence and line; the selected one stronger, stopped ones grey; the one being edited is left to the draft. */
export function showFences(h: MapHandle, fences: FenceRow[], lines: LineRow[], selected: { kind: "fence" | "line"; id: number } | null, hidden: { kind: "fence" | "line"; id: number } | null) {
  const d = h.projection.toDisplay;
  setData(
    h,
    "fences",
    fences
      .filter((f) => !(hidden?.kind === "fence" && hidden.id === f.id))
      .map((f) => ({ type: "Feature", properties: { id: f.id, colour: f.state ? TYPE_COLOURS[f.fenceType] : STOPPED, selected: selected?.kind === "fence" && selected.id === f.id }, geometry: shapeGeometry(fenceShape(f), d) })),
  );
  setData(
    h,
    "lines",
    lines
      .filter((l) => !(hidden?.kind === "line" && hidden.id === l.id))
      .map((l) => ({ type: "Feature", properties: { id: l.id, colour: l.state ? LINE_COLOUR : STOPPED, selected: selected?.kind === "line" && selected.id === l.id }, geometry: shapeGeometry({ shape: "line", coordinates: l.path }, d) })),
  );
}

export function showDraft(h: MapHandle, shape: DrawnShape | null) {
  setData(h, "draft", shape ? [{ type: "Feature", properties: {}, geometry: shapeGeometry(shape, h.projection.toDisplay) }] : []);
}

/** Moves the map so the shape fills it. */
export function fitShape(h: MapHandle, shape: DrawnShape) {
  const g = shapeGeometry(shape, h.projection.toDisplay);
  const points = (g.type === "Polygon" ? g.coordinates[0] : g.type === "LineString" ? g.coordinates : []) as LngLat[];
  const b = bounds(points);
  if (b) h.map.fitBounds([b[0], b[1], b[2], b[3]], { padding: 60, maxZoom: 16, duration: 400 });
}
