// The map half of the map picker, loaded by dynamic import when its dialog opens (with the engine after it), so
// lists and forms carry no map code until someone picks a point.
import { useCallback, useEffect, useRef, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { WIDGETS_MAP } from "~/i18n/screen/widgets-map";
import { pickedPoint, type LngLat } from "~/lib/location";
import type { MapClientConfig } from "./map/config";
import type { MapInstance } from "./map/engine";
import { MapView, type MapHandle } from "./map/map-view";

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
/** screen pixels an arrow key moves the marker (Shift: five times as far), whatever the zoom */
const STEP_PX = 10;

/**
 * The picker's map: a click sets the marker, the marker can be dragged, arrow keys move it a few pixels (placing it
 * at the centre first when there is none). `value` and `onChange` are WGS-84; the map may display GCJ-02.
 */
export function PickerMap({
  config,
  value,
  onChange,
  label,
  focus,
  onMap,
  markerLabel,
}: {
  config: MapClientConfig;
  value: LngLat | null;
  onChange: (p: LngLat) => void;
  label: string;
  /** fly here (a place chosen in the search box), at the zoom its kind calls for (spec §9) */
  focus?: { point: LngLat; zoom: number } | null;
  /** the map and marker once loaded, and on every marker move (the sign-in map draws its circle) */
  onMap?: (handle: MapHandle, marker: InstanceType<MapHandle["engine"]["Marker"]> | null) => void;
  /** accessible name of the marker (default 已选位置) */
  markerLabel?: string;
}) {
  const { t } = useTranslation(WIDGETS_MAP);
  const handle = useRef<MapHandle | null>(null);
  const marker = useRef<InstanceType<MapHandle["engine"]["Marker"]> | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const current = useRef(value);
  current.current = value;
  const mapped = useRef(onMap);
  mapped.current = onMap;

  const place = useCallback(
    (h: MapHandle, p: LngLat | null) => {
      if (!p) {
        marker.current?.remove();
        marker.current = null;
        return;
      }
      const display = h.projection.toDisplay(p);
      if (!marker.current) {
        const m = new h.engine.Marker({ draggable: true, color: getComputedStyle(document.body).getPropertyValue("--c-brand").trim() || "#1d63d8" });
        m.getElement().setAttribute("aria-label", markerLabel ?? t("mapPicker.marker"));
        m.getElement().dataset.testid = "map-picker-marker";
        m.on("dragend", () => {
          const at = m.getLngLat();
          changed.current(pickedPoint(h.projection, [at.lng, at.lat]));
        });
        marker.current = m.setLngLat(display).addTo(h.map);
      } else marker.current.setLngLat(display);
    },
    [t, markerLabel]
  );

  const onReady = useCallback(
    (h: MapHandle) => {
      handle.current = h;
      const map: MapInstance = h.map;
      // arrows move the marker here, not the map
      map.keyboard.disable();
      map.getCanvas().style.cursor = "crosshair";
      map.on("click", (e) => changed.current(pickedPoint(h.projection, [e.lngLat.lng, e.lngLat.lat])));
      const start = current.current;
      if (start) map.jumpTo({ center: h.projection.toDisplay(start), zoom: Math.max(map.getZoom(), 14) });
      place(h, start);
      mapped.current?.(h, marker.current);
      map.getCanvas().focus();
    },
    [place]
  );

  useEffect(() => {
    const h = handle.current;
    if (!h) return;
    place(h, value);
    if (value) {
      const display = h.projection.toDisplay(value);
      if (!h.map.getBounds().contains(display)) h.map.panTo(display);
    }
    mapped.current?.(h, marker.current);
  }, [value, place]);

  useEffect(() => {
    const h = handle.current;
    if (h && focus) h.map.jumpTo({ center: h.projection.toDisplay(focus.point), zoom: focus.zoom });
  }, [focus]);

  useEffect(
    () => () => {
      marker.current?.remove();
      marker.current = null;
    },
    []
  );

  const onKeyDown = (e: KeyboardEvent) => {
    const dir = ARROWS[e.key];
    const h = handle.current;
    if (!dir || !h || (e.target as HTMLElement).closest("button, input, textarea, select")) return;
    e.preventDefault();
    e.stopPropagation();
    const { map, projection } = h;
    if (!current.current) {
      const c = map.getCenter();
      return changed.current(pickedPoint(projection, [c.lng, c.lat]));
    }
    const px = map.project(projection.toDisplay(current.current));
    const step = STEP_PX * (e.shiftKey ? 5 : 1);
    const to = map.unproject([px.x + dir[0] * step, px.y + dir[1] * step]);
    changed.current(pickedPoint(projection, [to.lng, to.lat]));
  };

  return (
    <div onKeyDown={onKeyDown} data-testid="map-picker-map">
      <MapView config={config} onReady={onReady} label={label} className="h-[50vh] min-h-[260px] rounded-md border border-line" />
    </div>
  );
}
