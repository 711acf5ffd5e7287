import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { WIDGETS_MAP } from "~/i18n/screen/widgets-map";
import { useRootData } from "~/lib/preferences";
import { hasOnlineBase, type MapClientConfig } from "./config";
import { projectionOf, type Projection } from "./coords";
import type { MapEngine, MapInstance } from "./engine";
import { loadEngine } from "./load-engine";
import { BaseMapNotice, type BaseProblem } from "./base-map-notice";
import { applyBaseTheme, BASE_TILE_SOURCES, baseStyle } from "./style";

/** What a screen gets once its map has loaded. */
export interface MapHandle {
  map: MapInstance;
  engine: MapEngine;
  /** WGS-84 ↔ what the base map shows (GCJ-02 when configured) */
  projection: Projection;
  dark: boolean;
}

interface Props {
  config: MapClientConfig;
  /** called once, when the style has loaded; screens add their sources and layers here */
  onReady: (handle: MapHandle) => void;
  /** a theme of the screen's own (the big screens are dark by default), instead of the user's */
  dark?: boolean;
  /** called with the new theme after a theme switch (the base repaints itself) */
  onTheme?: (dark: boolean) => void;
  className?: string;
  /** accessible name of the map region */
  label?: string;
}

/**
 * The one map of every map screen: loads the configured engine on the client only (the server renders an empty,
 * sized box), starts from the configured style or the bundled offline base, and reports load failures in place.
 */
export function MapView({ config, onReady, onTheme, className, label, dark: forced }: Props) {
  const { t } = useTranslation(WIDGETS_MAP);
  const preferred = (useRootData()?.prefs.theme ?? "light") === "dark";
  const dark = forced ?? preferred;
  const box = useRef<HTMLDivElement>(null);
  const handle = useRef<MapHandle | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const online = hasOnlineBase(config);
  const [problem, setProblem] = useState<BaseProblem | null>(online ? null : "offline");
  const ready = useRef(onReady);
  ready.current = onReady;
  const themed = useRef(onTheme);
  themed.current = onTheme;
  const darkAtStart = useRef(dark);

  useEffect(() => {
    let cancelled = false;
    let map: MapInstance | null = null;
    const projection = projectionOf(config);
    setProblem(online ? null : "offline");
    // an online base that answers no tile at all cannot be reached (no connection, a wrong key or URL)
    let baseTiles = 0;
    const isBaseSource = (id: unknown) => typeof id === "string" && (config.styleUrl ? id !== "base" : (BASE_TILE_SOURCES as readonly string[]).includes(id));
    loadEngine(config.engine)
      .then((engine) => {
        if (cancelled || !box.current) return;
        map = engine.create({
          container: box.current,
          style: config.styleUrl ?? baseStyle(config, window.location.origin, darkAtStart.current),
          center: projection.toDisplay(config.center),
          zoom: config.zoom,
          minZoom: 2,
          maxZoom: 19,
          attributionControl: { compact: true },
          accessToken: config.token ?? undefined,
          dragRotate: false,
          pitchWithRotate: false,
          // symbols (vehicle icons) appear at once: a fade keeps repainting for 300 ms after every live update
          fadeDuration: 0,
        });
        map.addControl(new engine.NavigationControl({ showCompass: false }), "bottom-right");
        map.addControl(new engine.ScaleControl({ unit: "metric" }), "bottom-left");
        map.once("load", () => {
          if (cancelled || !map) return;
          handle.current = { map, engine, projection, dark: darkAtStart.current };
          setState("ready");
          ready.current(handle.current);
        });
        map.on("error", (e) => {
          const event = e as unknown as { error?: { message?: string }; sourceId?: string; tile?: unknown };
          if (online && event.tile && isBaseSource(event.sourceId) && baseTiles === 0) setProblem("unreachable");
          // a missing tile is not a broken map; a style that cannot load is
          else if (!map?.isStyleLoaded() && !handle.current) setState("failed");
          console.warn("map:", event.error?.message);
        });
        map.on("sourcedata", (e) => {
          const event = e as unknown as { sourceId?: string; tile?: { state?: string } };
          if (!online || !event.tile || !isBaseSource(event.sourceId) || event.tile.state !== "loaded") return;
          if (baseTiles++ === 0) setProblem(null);
        });
      })
      .catch(() => !cancelled && setState("failed"));
    return () => {
      cancelled = true;
      handle.current = null;
      map?.remove();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the map is created once per config; later changes go through the handle
  }, [config.engine, config.styleUrl, config.tileUrl, config.token, config.coordinateSystem]);

  useEffect(() => {
    const h = handle.current;
    if (!h || h.dark === dark) return;
    h.dark = dark;
    if (!config.styleUrl) applyBaseTheme(h.map, dark);
    themed.current?.(dark);
  }, [dark, config.styleUrl]);

  return (
    <div className={`relative overflow-hidden ${className ?? ""}`} role="region" aria-label={label ?? t("map.label")} data-map-state={state} data-map-engine={config.engine}>
      {/* the engine adds position: relative to this box, so it is sized, not positioned */}
      <div ref={box} className="h-full w-full" />
      {state !== "ready" && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-slate-100 text-sm text-slate-500 dark:bg-slate-900 dark:text-slate-400" role={state === "failed" ? "alert" : "status"}>
          {state === "failed" ? t("map.failed") : t("map.loading")}
          {state === "failed" ? <BaseMapNotice.Link /> : null}
        </div>
      )}
      {state === "ready" && problem ? <BaseMapNotice problem={problem} /> : null}
    </div>
  );
}
