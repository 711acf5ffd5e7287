import type { Feature, FeatureCollection } from "geojson";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { MapClientConfig } from "~/widgets/map/config";
import { MapView, type MapHandle } from "~/widgets/map/map-view";
import { SpeedChart } from "./speed-chart";
import { useTimeZone } from "~/lib/use-time-zone";
import { formatLocalTime, indexAt, positionAt, type Stop, type TrackPoint, type TrackSummary } from "./track";
import type { PackedTrack, PlaybackAlarm } from "./track.server";
import { PLAYBACK } from "~/modules/playback/texts/playback";

export const RATES = [1, 2, 4, 8, 16] as const;
/** at 1× the whole track plays in this long (a day's track in two minutes, not in a day); never slower than real time */
const PLAY_WHOLE_MS = 120_000;

export function unpackTrack(p: PackedTrack): TrackPoint[] {
  return p.t.map((t, i) => {
    const pt: TrackPoint = { t, lng: p.lng[i]!, lat: p.lat[i]!, speed: p.speed[i]!, heading: p.heading[i] ?? null };
    if (p.mileage[i] !== null && p.mileage[i] !== undefined) pt.mileage = p.mileage[i]!;
    if (p.fuel[i] !== null && p.fuel[i] !== undefined) pt.fuel = p.fuel[i]!;
    return pt;
  });
}

/** "1小时5分" / "1 h 5 min" */
export function useDuration() {
  const { t } = useTranslation(PLAYBACK);
  return useCallback(
    (ms: number) => {
      const s = Math.round(ms / 1000);
      const h = Math.floor(s / 3600);
      const m = Math.floor((s % 3600) / 60);
      if (h) return t("duration.h", { h, m });
      if (m) return t("duration.m", { m, s: s % 60 });
      return t("duration.s", { s });
    },
    [t],
  );
}

/** A moment of the track as "yyyy-MM-dd HH:mm:ss" in the tenant's zone. */
function useShowTime() {
  const timeZone = useTimeZone();
  return useCallback((t: number) => formatLocalTime(t, true, timeZone).replace("T", " "), [timeZone]);
}

interface Props {
  config: MapClientConfig;
  track: PackedTrack;
  stops: Stop[];
  alarms: PlaybackAlarm[];
  summary: TrackSummary;
  total: number;
  /** map height class: fixed inside the layout, the rest of the screen when full screen */
  mapClassName: string;
}

const EMPTY: FeatureCollection = { type: "FeatureCollection", features: [] };

function badge(text: string, colour: string): HTMLElement {
  const el = document.createElement("div");
  el.textContent = text;
  el.style.cssText = `background:${colour};color:#fff;font-size:12px;line-height:18px;padding:0 6px;border-radius:9px;border:2px solid #fff;box-shadow:0 1px 3px rgba(0,0,0,.35);white-space:nowrap`;
  return el;
}

function vehicleIcon(): HTMLElement {
  const el = document.createElement("div");
  el.setAttribute("data-testid", "vehicle-marker");
  el.innerHTML =
    '<svg width="30" height="30" viewBox="0 0 30 30" aria-hidden="true"><circle cx="15" cy="15" r="13" fill="#1d63d8" stroke="#fff" stroke-width="2.5"/><path d="M15 6 L21 21 L15 17.5 L9 21 Z" fill="#fff"/></svg>';
  el.style.cssText = "width:30px;height:30px;filter:drop-shadow(0 1px 2px rgba(0,0,0,.4))";
  return el;
}

/** The player: the track on the map with its marks, the moving vehicle, the controls, the speed chart and the info strip. */
export function Player({ config, track, stops, alarms, summary, total, mapClassName }: Props) {
  const { t } = useTranslation(PLAYBACK);
  const duration = useDuration();
  const showTime = useShowTime();
  const points = useMemo(() => unpackTrack(track), [track]);
  const start = points[0]!.t;
  const end = points.at(-1)!.t;
  const [time, setTime] = useState(start);
  const [state, setState] = useState<"idle" | "playing" | "paused">("idle");
  const [rate, setRate] = useState<(typeof RATES)[number]>(1);
  const [follow, setFollow] = useState(true);
  const handle = useRef<MapHandle | null>(null);
  const marker = useRef<{ setLngLat(p: [number, number]): unknown; setRotation(r: number): unknown } | null>(null);
  // what the map's own DOM shows (the start and end badges, the popups) is drawn once, when the map is ready: it reads
  // the texts of the moment from here, and the badges are written again when the language changes
  const texts = useRef({ t, duration, showTime });
  const badges = useRef<{ start: HTMLElement; end: HTMLElement } | null>(null);
  useEffect(() => {
    texts.current = { t, duration, showTime };
    if (!badges.current) return;
    badges.current.start.textContent = t("marks.start");
    badges.current.end.textContent = t("marks.end");
  }, [t, duration, showTime]);

  // track ms per real ms at 1×
  const base = Math.max(1, (end - start) / PLAY_WHOLE_MS);

  useEffect(() => {
    if (state !== "playing") return;
    let raf = 0;
    let last = performance.now();
    const step = (now: number) => {
      const dt = now - last;
      last = now;
      setTime((prev) => {
        const next = prev + dt * rate * base;
        if (next >= end) {
          setState("paused");
          return end;
        }
        return next;
      });
      raf = requestAnimationFrame(step);
    };
    raf = requestAnimationFrame(step);
    return () => cancelAnimationFrame(raf);
  }, [state, rate, base, end]);

  const toggle = useCallback(() => {
    setState((s) => {
      if (s === "playing") return "paused";
      setTime((prev) => (prev >= end ? start : prev));
      return "playing";
    });
  }, [start, end]);

  const seek = useCallback(
    (to: number) => {
      setTime(Math.max(start, Math.min(end, to)));
      setState((s) => (s === "idle" ? "paused" : s));
    },
    [start, end],
  );

  // Space plays and pauses anywhere on the screen except while typing or on another control
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== " " || e.altKey || e.ctrlKey || e.metaKey) return;
      const el = e.target as HTMLElement | null;
      const tag = el?.tagName;
      if (el && (el.isContentEditable || tag === "TEXTAREA" || tag === "SELECT" || tag === "BUTTON" || (tag === "INPUT" && (el as HTMLInputElement).type !== "range"))) return;
      e.preventDefault();
      toggle();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggle]);

  const onSliderKey = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight" && e.key !== "ArrowUp" && e.key !== "ArrowDown") return;
    e.preventDefault();
    const forward = e.key === "ArrowRight" || e.key === "ArrowUp";
    const stride = e.shiftKey ? 10 : 1;
    const i = indexAt(points, time);
    const onPoint = points[i]!.t === Math.round(time);
    const target = forward ? Math.min(points.length - 1, i + stride) : Math.max(0, onPoint ? i - stride : i - stride + 1);
    seek(points[target]!.t);
  };

  const pos = positionAt(points, time)!;
  const current = points[indexAt(points, time)]!;

  // the moving marker and follow
  useEffect(() => {
    const h = handle.current;
    if (!h || !marker.current) return;
    const p = h.projection.toDisplay([pos.lng, pos.lat]);
    marker.current.setLngLat(p);
    marker.current.setRotation(pos.heading);
    if (follow && state === "playing") h.map.setCenter(p);
  }, [pos.lng, pos.lat, pos.heading, follow, state]);

  useEffect(() => {
    const h = handle.current;
    if (h && follow) h.map.easeTo({ center: h.projection.toDisplay([pos.lng, pos.lat]), duration: 300 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when follow is switched on
  }, [follow]);

  const onReady = useCallback(
    (h: MapHandle) => {
      handle.current = h;
      const { map, engine, projection } = h;
      const line = points.map((p) => projection.toDisplay([p.lng, p.lat]));
      map.addSource("pb-track", { type: "geojson", data: { type: "Feature", properties: {}, geometry: { type: "LineString", coordinates: line } } });
      map.addLayer({ id: "pb-track-casing", type: "line", source: "pb-track", layout: { "line-join": "round", "line-cap": "round" }, paint: { "line-color": "#ffffff", "line-width": 6, "line-opacity": 0.85 } });
      map.addLayer({ id: "pb-track", type: "line", source: "pb-track", layout: { "line-join": "round", "line-cap": "round" }, paint: { "line-color": "#1d63d8", "line-width": 3 } });
      const pointFeatures = (items: { lng: number; lat: number; props: Record<string, unknown> }[]): FeatureCollection => ({
        type: "FeatureCollection",
        features: items.map((it): Feature => ({ type: "Feature", properties: it.props, geometry: { type: "Point", coordinates: projection.toDisplay([it.lng, it.lat]) } })),
      });
      map.addSource("pb-stops", { type: "geojson", data: pointFeatures(stops.map((s, i) => ({ lng: s.lng, lat: s.lat, props: { i } }))) });
      map.addLayer({ id: "pb-stops", type: "circle", source: "pb-stops", paint: { "circle-radius": 7, "circle-color": "#f59e0b", "circle-stroke-color": "#ffffff", "circle-stroke-width": 2 } });
      const placed = alarms.map((a) => {
        if (a.lng !== null && a.lat !== null) return { lng: a.lng, lat: a.lat, a };
        const p = positionAt(points, a.at)!;
        return { lng: p.lng, lat: p.lat, a };
      });
      map.addSource("pb-alarms", { type: "geojson", data: alarms.length ? pointFeatures(placed.map((x, i) => ({ lng: x.lng, lat: x.lat, props: { i } }))) : EMPTY });
      map.addLayer({ id: "pb-alarms", type: "circle", source: "pb-alarms", paint: { "circle-radius": 6, "circle-color": "#dc2626", "circle-stroke-color": "#ffffff", "circle-stroke-width": 2 } });

      const { t } = texts.current;
      badges.current = { start: badge(t("marks.start"), "#16a34a"), end: badge(t("marks.end"), "#475569") };
      new engine.Marker({ element: badges.current.start, anchor: "bottom", offset: [0, -4] }).setLngLat(line[0]!).addTo(map);
      new engine.Marker({ element: badges.current.end, anchor: "bottom", offset: [0, -4] }).setLngLat(line.at(-1)!).addTo(map);
      marker.current = new engine.Marker({ element: vehicleIcon(), rotationAlignment: "map" }).setLngLat(line[0]!).setRotation(positionAt(points, start)!.heading).addTo(map);

      const popup = (lngLat: [number, number], text: string) => {
        const el = document.createElement("div");
        el.className = "text-sm text-slate-800";
        el.textContent = text;
        new engine.Popup({ closeButton: true, offset: 10 }).setLngLat(lngLat).setDOMContent(el).addTo(map);
      };
      map.on("click", "pb-stops", (e) => {
        const i = Number(e.features?.[0]?.properties?.i);
        const s = stops[i];
        if (!s) return;
        const { t, duration, showTime } = texts.current;
        popup(projection.toDisplay([s.lng, s.lat]), `${t("marks.stop", { duration: duration(s.durationMs) })} · ${showTime(s.start).slice(11)}–${showTime(s.end).slice(11)}`);
        seek(s.start);
      });
      map.on("click", "pb-alarms", (e) => {
        const i = Number(e.features?.[0]?.properties?.i);
        const x = placed[i];
        if (!x) return;
        const { t, showTime } = texts.current;
        popup(projection.toDisplay([x.lng, x.lat]), `${t(`alarmKinds.${x.a.kind}`, { defaultValue: x.a.kind })} · ${t(`levels.${x.a.level}`, { defaultValue: "" })} · ${showTime(x.a.at).slice(11)}`);
        seek(x.a.at);
      });
      for (const id of ["pb-stops", "pb-alarms"]) {
        map.on("mouseenter", id, () => (map.getCanvas().style.cursor = "pointer"));
        map.on("mouseleave", id, () => (map.getCanvas().style.cursor = ""));
      }
      const lngs = line.map((p) => p[0]);
      const lats = line.map((p) => p[1]);
      map.fitBounds(
        [
          [Math.min(...lngs), Math.min(...lats)],
          [Math.max(...lngs), Math.max(...lats)],
        ],
        { padding: 48, maxZoom: 16, duration: 0 },
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the map is built once per track (the route remounts the player for another track)
    [],
  );

  const stateText = { idle: t("player.idle"), playing: t("player.playing"), paused: t("player.paused") }[state];
  const marks = useMemo(
    () => [...stops.map((s) => ({ at: s.start, kind: "stop" as const, s })), ...alarms.map((a) => ({ at: a.at, kind: "alarm" as const, a }))].sort((x, y) => x.at - y.at),
    [stops, alarms],
  );

  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-3 gap-2 rounded-lg border border-line bg-panel p-3 text-sm md:grid-cols-6" aria-label={t("summary.label")} data-testid="track-summary">
        {[
          [t("summary.distance"), `${summary.distanceKm.toFixed(2)} km`],
          [t("summary.drivingTime"), duration(summary.drivingMs)],
          [t("summary.maxSpeed"), `${summary.maxSpeed} km/h`],
          [t("summary.stops"), String(stops.length)],
          [t("summary.alarms"), String(alarms.length)],
          [t("summary.points"), String(total)],
        ].map(([k, v]) => (
          <div key={k}>
            <dt className="text-muted">{k}</dt>
            <dd className="font-medium tabular-nums">{v}</dd>
          </div>
        ))}
      </dl>
      {total > points.length ? <p className="text-xs text-muted">{t("summary.thinned", { shown: points.length, total })}</p> : null}

      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-line bg-panel p-3" role="group" aria-label={t("player.label")}>
        <button type="button" onClick={toggle} className="inline-flex h-9 w-24 items-center justify-center rounded-md bg-brand text-white hover:opacity-90" aria-pressed={state === "playing"}>
          {state === "playing" ? t("player.pause") : t("player.play")}
        </button>
        <span className="w-20 whitespace-nowrap text-sm text-muted" data-state={state} data-testid="play-state">
          {stateText}
        </span>
        <div className="flex items-center gap-1" role="radiogroup" aria-label={t("player.speed")}>
          {RATES.map((r) => (
            <button
              key={r}
              type="button"
              role="radio"
              aria-checked={rate === r}
              onClick={() => setRate(r)}
              className={`h-8 rounded-md border px-2 text-sm ${rate === r ? "border-brand bg-brand-soft text-brand" : "border-line text-ink hover:border-brand"}`}
            >
              {r}×
            </button>
          ))}
        </div>
        <input
          type="range"
          min={start}
          max={end}
          step={1000}
          value={Math.round(time)}
          onChange={(e) => seek(Number(e.target.value))}
          onKeyDown={onSliderKey}
          aria-label={t("player.timeline")}
          aria-valuetext={showTime(Math.round(time))}
          className="min-w-48 flex-1 accent-[var(--c-brand)]"
        />
        <label className="flex items-center gap-1 text-sm">
          <input type="checkbox" checked={follow} onChange={(e) => setFollow(e.target.checked)} className="accent-[var(--c-brand)]" />
          {t("player.follow")}
        </label>
        <span className="text-xs text-muted">{t("player.keys")}</span>
      </div>
      <div className="flex flex-col gap-3 lg:flex-row">
        <MapView config={config} onReady={onReady} className={`min-w-0 flex-1 rounded-lg border border-line ${mapClassName}`} />
        <aside className="flex w-full flex-col gap-3 lg:w-[400px]">
          <section className="rounded-lg border border-line bg-panel p-3">
            <h2 className="mb-1 text-sm font-semibold">{t("chart.title")} (km/h)</h2>
            <SpeedChart points={points} stops={stops} alarms={alarms} time={time} onSeek={seek} label={t("chart.label")} />
          </section>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg border border-line bg-panel p-3 text-sm" aria-live="off">
            <dt className="text-muted">{t("info.time")}</dt>
            <dd className="tabular-nums" data-testid="current-time">
              {showTime(Math.round(time))}
            </dd>
            <dt className="text-muted">{t("info.speed")}</dt>
            <dd className="tabular-nums" data-testid="current-speed">
              {current.speed} km/h
            </dd>
            <dt className="text-muted">{t("info.mileage")}</dt>
            <dd className="tabular-nums">{current.mileage !== undefined ? `${current.mileage} km` : "—"}</dd>
            <dt className="text-muted">{t("info.fuel")}</dt>
            <dd className="tabular-nums">{current.fuel !== undefined ? `${current.fuel} %` : "—"}</dd>
            <dt className="text-muted">{t("info.heading")}</dt>
            <dd className="tabular-nums" data-testid="current-position">
              {Math.round(pos.heading)}° · {pos.lng.toFixed(5)}, {pos.lat.toFixed(5)}
            </dd>
          </dl>
          {marks.length ? (
            <section className="min-h-0 rounded-lg border border-line bg-panel p-3">
              <h2 className="mb-1 text-sm font-semibold">{t("marks.list")}</h2>
              <ul className="max-h-40 space-y-1 overflow-auto text-sm">
                {marks.map((m, i) => (
                  <li key={i}>
                    <button type="button" className="flex w-full items-center gap-2 rounded px-1 text-left hover:bg-brand-soft" onClick={() => seek(m.at)}>
                      <span className={`inline-block h-2.5 w-2.5 shrink-0 rounded-full ${m.kind === "stop" ? "bg-amber-500" : "bg-red-600"}`} aria-hidden="true" />
                      <span className="tabular-nums text-muted">{showTime(m.at).slice(5, 16)}</span>
                      <span className="truncate">{m.kind === "stop" ? t("marks.stop", { duration: duration(m.s.durationMs) }) : `${t(`alarmKinds.${m.a.kind}`, { defaultValue: m.a.kind })} · ${t(`levels.${m.a.level}`, { defaultValue: "" })}`}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </aside>
      </div>

    </div>
  );
}
