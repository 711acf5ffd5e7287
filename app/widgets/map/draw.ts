import type { Feature, FeatureCollection, Geometry } from "geojson";
import { circleRing, distanceM, rectangleRing, type LngLat } from "~/lib/geo";
import type { MapHandle } from "./map-view";

export type DrawMode = "polygon" | "rectangle" | "circle" | "line";

/** A drawn shape in WGS-84, as fences and lines store it (rectangle: its four corners). */
export type DrawnShape =
  | { shape: "polygon" | "rectangle"; coordinates: LngLat[] }
  | { shape: "circle"; coordinates: [LngLat]; radius: number }
  | { shape: "line"; coordinates: LngLat[] };

export const MAX_CIRCLE_RADIUS_M = 10000;

/** GeoJSON geometry of a stored shape (display coordinates), for drawing fences, lines and search circles. */
export function shapeGeometry(s: DrawnShape, toDisplay: (p: LngLat) => LngLat = (p) => p): Geometry {
  if (s.shape === "line") return { type: "LineString", coordinates: s.coordinates.map(toDisplay) };
  if (s.shape === "circle") return { type: "Polygon", coordinates: [circleRing(s.coordinates[0], s.radius).map(toDisplay)] };
  const ring = s.coordinates.map(toDisplay);
  return { type: "Polygon", coordinates: [[...ring, ring[0]!]] };
}

const SOURCE = "draw-sketch";
const empty: FeatureCollection = { type: "FeatureCollection", features: [] };

interface DrawOptions {
  onDone: (shape: DrawnShape) => void;
  onCancel?: () => void;
  /** live feedback while drawing (the circle's radius, a refusal) */
  onHint?: (hint: { radiusM?: number; tooLarge?: boolean }) => void;
  colour?: string;
}

/**
 * Puts the map into drawing mode: clicks add points in the map's display coordinates, the result comes back in
 * WGS-84. Polygon and line finish on double-click or Enter, rectangle and circle on their second click; Backspace
 * removes the last point; Esc cancels. Returns a function that cancels drawing.
 */
export function startDrawing(h: MapHandle, mode: DrawMode, opts: DrawOptions): () => void {
  const { map, projection } = h;
  const colour = opts.colour ?? "#2563eb";
  const points: LngLat[] = [];
  let cursor: LngLat | null = null;
  let finished = false;

  if (!map.getSource(SOURCE)) {
    map.addSource(SOURCE, { type: "geojson", data: empty });
    map.addLayer({ id: `${SOURCE}-fill`, type: "fill", source: SOURCE, filter: ["==", ["geometry-type"], "Polygon"], paint: { "fill-color": colour, "fill-opacity": 0.15 } });
    map.addLayer({ id: `${SOURCE}-line`, type: "line", source: SOURCE, paint: { "line-color": colour, "line-width": 2, "line-dasharray": [2, 1] } });
    map.addLayer({ id: `${SOURCE}-points`, type: "circle", source: SOURCE, filter: ["==", ["geometry-type"], "Point"], paint: { "circle-radius": 4, "circle-color": "#fff", "circle-stroke-color": colour, "circle-stroke-width": 2 } });
  }
  const source = () => map.getSource(SOURCE) as unknown as { setData(d: FeatureCollection): void } | undefined;

  const radiusOf = (a: LngLat, b: LngLat) => Math.round(distanceM(projection.fromDisplay(a), projection.fromDisplay(b)));

  const render = () => {
    const pts = cursor ? [...points, cursor] : points;
    const features: Feature[] = points.map((p) => ({ type: "Feature", properties: {}, geometry: { type: "Point", coordinates: p } }));
    if (mode === "circle" && points.length === 1 && cursor) {
      const r = radiusOf(points[0]!, cursor);
      opts.onHint?.({ radiusM: r, tooLarge: r > MAX_CIRCLE_RADIUS_M });
      features.push({ type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [circleRing(points[0]!, Math.min(r, MAX_CIRCLE_RADIUS_M * 1.5))] } });
    } else if (mode === "rectangle" && points.length === 1 && cursor) {
      features.push({ type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [rectangleRing(points[0]!, cursor)] } });
    } else if (mode === "polygon" && pts.length >= 3) {
      features.push({ type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [[...pts, pts[0]!]] } });
    } else if (pts.length >= 2) {
      features.push({ type: "Feature", properties: {}, geometry: { type: "LineString", coordinates: pts } });
    }
    source()?.setData({ type: "FeatureCollection", features });
  };

  const finish = () => {
    const wgs = points.map(projection.fromDisplay);
    let shape: DrawnShape | null = null;
    if (mode === "polygon" && wgs.length >= 3) shape = { shape: "polygon", coordinates: wgs };
    if (mode === "line" && wgs.length >= 2) shape = { shape: "line", coordinates: wgs };
    if (mode === "rectangle" && wgs.length === 2) shape = { shape: "rectangle", coordinates: rectangleRing(wgs[0]!, wgs[1]!).slice(0, 4) };
    if (mode === "circle" && wgs.length === 2) {
      const radius = Math.round(distanceM(wgs[0]!, wgs[1]!));
      if (radius > MAX_CIRCLE_RADIUS_M || radius < 1) {
        points.pop();
        opts.onHint?.({ radiusM: radius, tooLarge: radius > MAX_CIRCLE_RADIUS_M });
        return;
      }
      shape = { shape: "circle", coordinates: [wgs[0]!], radius };
    }
    if (!shape) return;
    finished = true;
    stop();
    opts.onDone(shape);
  };

  const onClick = (e: { lngLat: { lng: number; lat: number } }) => {
    points.push([e.lngLat.lng, e.lngLat.lat]);
    if ((mode === "rectangle" || mode === "circle") && points.length === 2) return finish();
    render();
  };
  const onMove = (e: { lngLat: { lng: number; lat: number } }) => {
    cursor = [e.lngLat.lng, e.lngLat.lat];
    render();
  };
  const onDblClick = (e: { preventDefault(): void }) => {
    e.preventDefault();
    // the double-click's two clicks each added the same point; keep one
    if (points.length >= 2) {
      const [a, b] = points.slice(-2) as [LngLat, LngLat];
      if (Math.abs(a[0] - b[0]) < 1e-9 && Math.abs(a[1] - b[1]) < 1e-9) points.pop();
    }
    finish();
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "Escape") {
      e.preventDefault();
      stop();
      opts.onCancel?.();
    } else if (e.key === "Enter") {
      e.preventDefault();
      finish();
    } else if (e.key === "Backspace" && points.length) {
      e.preventDefault();
      points.pop();
      render();
    }
  };

  const hadDblZoom = map.doubleClickZoom.isEnabled();
  map.doubleClickZoom.disable();
  map.getCanvas().style.cursor = "crosshair";
  // HTML markers (vehicles, cluster counts) must not swallow the clicks that place points
  map.getContainer().classList.add("map-drawing");
  map.on("click", onClick);
  map.on("mousemove", onMove);
  map.on("dblclick", onDblClick);
  window.addEventListener("keydown", onKey);

  function stop() {
    map.off("click", onClick);
    map.off("mousemove", onMove);
    map.off("dblclick", onDblClick);
    window.removeEventListener("keydown", onKey);
    if (hadDblZoom) map.doubleClickZoom.enable();
    map.getCanvas().style.cursor = "";
    map.getContainer().classList.remove("map-drawing");
    source()?.setData(empty);
  }
  return () => {
    if (!finished) stop();
  };
}
