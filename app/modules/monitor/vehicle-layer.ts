/**
 * The vehicles on the monitoring map: one clustered GeoJSON source fed from the LiveStore, an icon per status
 * (the model's own icon when it has one, else one drawn on a canvas), rotated by heading. Updates are batched: the
 * store only marks ids, and at most one setData runs per animation frame and per UPDATE_GAP_MS, rebuilding only
 * the features of vehicles that changed. Cluster counts are HTML markers (an offline map has no glyph fonts).
 */
import type { Feature, FeatureCollection, Point } from "geojson";
import type { MapHandle } from "~/widgets/map/map-view";
import type { VehicleLive } from "../../../workers/fleet-hub/protocol";
import type { LiveStore } from "./live-store";
import { displayStatus, STATUS_COLOURS, type DisplayStatus, type ModelIcons } from "./monitor";

const SOURCE = "monitor-vehicles";
const ICONS = "monitor-vehicles-icons";
const SELECTED = "monitor-vehicles-selected";
/** clusters up to this zoom; selecting a vehicle flies to 16 (spec §9), well past it */
const CLUSTER_MAX_ZOOM = 12;
const UPDATE_GAP_MS = 500;
export const FOCUS_ZOOM = 16;

const CLUSTER_STYLE: Partial<CSSStyleDeclaration> = {
  borderRadius: "9999px",
  background: "rgba(37, 99, 235, 0.85)",
  border: "3px solid rgba(255, 255, 255, 0.85)",
  boxShadow: "0 1px 4px rgba(0, 0, 0, 0.3)",
  color: "#ffffff",
  font: "600 12px/1 system-ui, sans-serif",
  cursor: "pointer",
  padding: "0",
};

type VehicleFeature = Feature<Point, { id: number; icon: string; heading: number }>;
type GeoJsonSource = { setData(d: FeatureCollection): void };

/** A 48×48 (24 px at 2×) marker: a filled disc with a white rim and, when the heading is known, an arrow tip. */
function drawnIcon(colour: string, arrow: boolean): ImageData {
  const size = 48;
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = size;
  const ctx = canvas.getContext("2d")!;
  ctx.fillStyle = colour;
  ctx.strokeStyle = "#ffffff";
  ctx.lineWidth = 3;
  ctx.shadowColor = "rgba(0, 0, 0, 0.35)";
  ctx.shadowBlur = 3;
  if (arrow) {
    ctx.beginPath();
    ctx.moveTo(24, 1);
    ctx.lineTo(34, 15);
    ctx.lineTo(14, 15);
    ctx.closePath();
    ctx.fill();
  }
  ctx.beginPath();
  ctx.arc(24, 27, 13, 0, Math.PI * 2);
  ctx.fill();
  ctx.shadowBlur = 0;
  ctx.stroke();
  ctx.fillStyle = "#ffffff";
  ctx.beginPath();
  ctx.arc(24, 27, 4, 0, Math.PI * 2);
  ctx.fill();
  return ctx.getImageData(0, 0, size, size);
}

/** A model's icon image (same origin), scaled to fit 48×48 device pixels. */
function loadIcon(url: string): Promise<ImageData> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => {
      const size = 48;
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = size;
      const ctx = canvas.getContext("2d")!;
      const k = Math.min(size / img.width, size / img.height);
      ctx.drawImage(img, (size - img.width * k) / 2, (size - img.height * k) / 2, img.width * k, img.height * k);
      resolve(ctx.getImageData(0, 0, size, size));
    };
    img.onerror = reject;
    img.src = url;
  });
}

export class VehicleLayer {
  private readonly features = new Map<number, VehicleFeature>();
  private readonly modelIcons = new Set<string>();
  private readonly clusterMarkers = new Map<number, { marker: { remove(): void }; el: HTMLButtonElement; at: [number, number] }>();
  private frame = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastSet = 0;
  private selected: number | null = null;
  private follow = false;
  /** pixels the map's centre shifts left while the info panel covers its right side */
  private offsetX = 0;
  private keep: (v: VehicleLive) => boolean = () => true;
  private readonly unsubscribe: () => void;
  private readonly offs: (() => void)[] = [];

  constructor(
    private readonly h: MapHandle,
    private readonly store: LiveStore,
    private readonly icons: ModelIcons,
    private readonly onSelect: (id: number) => void,
    private readonly clusterLabel: (n: number) => string,
  ) {
    const { map } = h;
    for (const status of Object.keys(STATUS_COLOURS) as DisplayStatus[]) {
      map.addImage(`veh-${status}`, drawnIcon(STATUS_COLOURS[status], true), { pixelRatio: 2 });
      map.addImage(`dot-${status}`, drawnIcon(STATUS_COLOURS[status], false), { pixelRatio: 2 });
    }
    for (const [modelId, urls] of Object.entries(icons)) {
      for (const status of ["running", "stopped", "offline"] as const) {
        const url = urls[status];
        if (!url) continue;
        const name = `model-${modelId}-${status}`;
        loadIcon(url)
          .then((img) => {
            if (!map.getStyle()) return;
            map.addImage(name, img, { pixelRatio: 2 });
            this.modelIcons.add(name);
            this.rebuild();
          })
          .catch(() => undefined);
      }
    }
    map.addSource(SOURCE, { type: "geojson", data: { type: "FeatureCollection", features: [] }, cluster: true, clusterMaxZoom: CLUSTER_MAX_ZOOM, clusterRadius: 48 });
    map.addLayer({
      id: SELECTED,
      type: "circle",
      source: SOURCE,
      filter: ["==", ["get", "id"], -1],
      paint: { "circle-radius": 18, "circle-color": "#f59e0b", "circle-opacity": 0.25, "circle-stroke-color": "#f59e0b", "circle-stroke-width": 2 },
    });
    map.addLayer({
      id: ICONS,
      type: "symbol",
      source: SOURCE,
      filter: ["!", ["has", "point_count"]],
      layout: { "icon-image": ["get", "icon"], "icon-rotate": ["get", "heading"], "icon-rotation-alignment": "map", "icon-allow-overlap": true, "icon-ignore-placement": true },
    });
    const onClick = (e: { features?: { properties: Record<string, unknown> }[] }) => {
      // while a shape is drawn (draw.ts sets the crosshair) a click is a point of the shape, not a selection
      if (map.getCanvas().style.cursor === "crosshair") return;
      const id = Number(e.features?.[0]?.properties.id);
      if (id) this.onSelect(id);
    };
    const pointer = () => map.getCanvas().style.cursor !== "crosshair" && (map.getCanvas().style.cursor = "pointer");
    const plain = () => map.getCanvas().style.cursor !== "crosshair" && (map.getCanvas().style.cursor = "");
    map.on("click", ICONS, onClick as never);
    map.on("mouseenter", ICONS, pointer);
    map.on("mouseleave", ICONS, plain);
    const redrawClusters = () => this.drawClusters();
    map.on("idle", redrawClusters);
    map.on("moveend", redrawClusters);
    this.offs.push(() => {
      map.off("click", ICONS, onClick as never);
      map.off("mouseenter", ICONS, pointer);
      map.off("mouseleave", ICONS, plain);
      map.off("idle", redrawClusters);
      map.off("moveend", redrawClusters);
    });
    this.unsubscribe = store.subscribe(() => this.schedule());
    this.schedule();
  }

  private iconOf(v: VehicleLive): string {
    const status = displayStatus(v);
    if (v.modelId !== null && status !== "alarm") {
      const name = `model-${v.modelId}-${status}`;
      if (this.modelIcons.has(name)) return name;
    }
    return `${v.heading === null ? "dot" : "veh"}-${status}`;
  }

  private upsert(id: number) {
    const v = this.store.get(id);
    if (!v || v.lng === null || v.lat === null || !this.keep(v)) {
      this.features.delete(id);
      return;
    }
    const coordinates = this.h.projection.toDisplay([v.lng, v.lat]);
    const f = this.features.get(id);
    if (f) {
      f.geometry.coordinates = coordinates;
      f.properties.icon = this.iconOf(v);
      f.properties.heading = v.heading ?? 0;
    } else {
      this.features.set(id, { type: "Feature", geometry: { type: "Point", coordinates }, properties: { id, icon: this.iconOf(v), heading: v.heading ?? 0 } });
    }
  }

  private schedule() {
    if (this.frame || this.timer) return;
    const wait = this.lastSet + UPDATE_GAP_MS - Date.now();
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.schedule();
      }, wait);
      return;
    }
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.flush();
    });
  }

  private flush() {
    const changed = this.store.drainChanged();
    if (changed === "all") {
      this.features.clear();
      for (const id of this.store.vehicles.keys()) this.upsert(id);
    } else {
      if (!changed.size) return;
      for (const id of changed) this.upsert(id);
    }
    this.lastSet = Date.now();
    (this.h.map.getSource(SOURCE) as unknown as GeoJsonSource | undefined)?.setData({ type: "FeatureCollection", features: [...this.features.values()] });
    if (this.follow && this.selected !== null && (changed === "all" || changed.has(this.selected))) this.centre(this.selected, false);
  }

  /** Everything again (a filter or the icons changed). */
  rebuild() {
    this.features.clear();
    for (const id of this.store.vehicles.keys()) this.upsert(id);
    this.lastSet = Date.now();
    (this.h.map.getSource(SOURCE) as unknown as GeoJsonSource | undefined)?.setData({ type: "FeatureCollection", features: [...this.features.values()] });
  }

  setFilter(keep: (v: VehicleLive) => boolean) {
    this.keep = keep;
    this.rebuild();
  }

  setSelected(id: number | null) {
    this.selected = id;
    this.h.map.setFilter(SELECTED, ["==", ["get", "id"], id ?? -1]);
  }

  /** The info panel's width: vehicles are centred in the part of the map it leaves free. */
  setPanelWidth(px: number) {
    this.offsetX = px / 2;
  }

  setFollow(on: boolean) {
    this.follow = on;
    if (on && this.selected !== null) this.centre(this.selected, false);
  }

  /** Centres the map on a vehicle; `fly` zooms in to FOCUS_ZOOM. Returns false when it has no position. */
  centre(id: number, fly: boolean): boolean {
    const v = this.store.get(id);
    if (!v || v.lng === null || v.lat === null) return false;
    const center = this.h.projection.toDisplay([v.lng, v.lat]);
    const offset: [number, number] = [-this.offsetX, 0];
    if (fly) this.h.map.flyTo({ center, offset, zoom: Math.max(this.h.map.getZoom(), FOCUS_ZOOM), essential: true });
    else this.h.map.easeTo({ center, offset, duration: 600 });
    return true;
  }

  private drawClusters() {
    const { map, engine } = this.h;
    if (!map.getSource(SOURCE)) return;
    const seen = new Set<number>();
    for (const f of map.querySourceFeatures(SOURCE, { filter: ["has", "point_count"] })) {
      const p = f.properties as { cluster_id: number; point_count: number };
      if (seen.has(p.cluster_id)) continue;
      seen.add(p.cluster_id);
      const at = (f.geometry as Point).coordinates as [number, number];
      let entry = this.clusterMarkers.get(p.cluster_id);
      if (!entry) {
        const el = document.createElement("button");
        el.type = "button";
        el.dataset.testid = "monitor-cluster";
        Object.assign(el.style, CLUSTER_STYLE);
        const created = { marker: null as unknown as { remove(): void }, el, at };
        el.addEventListener("click", (e) => {
          e.stopPropagation();
          map.easeTo({ center: created.at, zoom: Math.min(map.getZoom() + 2, CLUSTER_MAX_ZOOM + 1) });
        });
        created.marker = new engine.Marker({ element: el }).setLngLat(at).addTo(map);
        entry = created;
        this.clusterMarkers.set(p.cluster_id, entry);
      } else {
        entry.at = at;
        (entry.marker as unknown as { setLngLat(p: [number, number]): void }).setLngLat(at);
      }
      const n = p.point_count;
      entry.el.textContent = n >= 1000 ? `${Math.floor(n / 100) / 10}k` : String(n);
      const px = n >= 500 ? 44 : n >= 50 ? 36 : 30;
      entry.el.style.width = entry.el.style.height = `${px}px`;
      entry.el.setAttribute("aria-label", this.clusterLabel(n));
    }
    for (const [id, entry] of this.clusterMarkers) {
      if (seen.has(id)) continue;
      entry.marker.remove();
      this.clusterMarkers.delete(id);
    }
  }

  destroy() {
    this.unsubscribe();
    if (this.frame) cancelAnimationFrame(this.frame);
    if (this.timer) clearTimeout(this.timer);
    for (const off of this.offs) off();
    for (const { marker } of this.clusterMarkers.values()) marker.remove();
    this.clusterMarkers.clear();
  }
}
