import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { shapeGeometry, startDrawing, type DrawnShape } from "~/widgets/map/draw";
import type { MapHandle } from "~/widgets/map/map-view";
import { checkArea, type AreaError, type AreaHitRow } from "./monitor";
import { MONITOR } from "~/modules/monitor/texts/monitor";
import { formatInZone, formatZonedTime } from "~/lib/tenant-clock";
import { parseZonedTime } from "~/lib/tenant-days";
import { useTimeZone } from "~/lib/use-time-zone";

const SOURCE = "monitor-area";
type Circle = Extract<DrawnShape, { shape: "circle" }>;
export type AreaActionData = { intent: "area"; error: AreaError | null; hits: AreaHitRow[] };


interface Props {
  handle: MapHandle | null;
  onSelect: (id: number) => void;
  onClose: () => void;
}

/** Area vehicle search: a circle drawn on the map (≤ 10000 m) and a time range (≤ 7 days) → the vehicles that were inside. */
export function AreaSearch({ handle, onSelect, onClose }: Props) {
  const { t, i18n } = useTranslation(MONITOR);
  const timeZone = useTimeZone();
  const fetcher = useFetcher<AreaActionData>();
  const [circle, setCircle] = useState<Circle | null>(null);
  const [drawing, setDrawing] = useState(false);
  const [hint, setHint] = useState<{ radiusM?: number; tooLarge?: boolean }>({});
  const [from, setFrom] = useState(() => formatZonedTime(Date.now() - 86_400_000, timeZone));
  const [to, setTo] = useState(() => formatZonedTime(Date.now(), timeZone));
  const [problem, setProblem] = useState<AreaError | null>(null);
  const cancelDrawing = useRef<(() => void) | null>(null);

  // the search circle stays drawn while the panel is open
  useEffect(() => {
    const map = handle?.map;
    if (!map) return;
    if (!map.getSource(SOURCE)) {
      map.addSource(SOURCE, { type: "geojson", data: { type: "FeatureCollection", features: [] } });
      map.addLayer({ id: `${SOURCE}-fill`, type: "fill", source: SOURCE, paint: { "fill-color": "#7c3aed", "fill-opacity": 0.12 } });
      map.addLayer({ id: `${SOURCE}-line`, type: "line", source: SOURCE, paint: { "line-color": "#7c3aed", "line-width": 2 } });
    }
    const geometry = circle ? shapeGeometry(circle, handle.projection.toDisplay) : null;
    (map.getSource(SOURCE) as unknown as { setData(d: unknown): void }).setData({ type: "FeatureCollection", features: geometry ? [{ type: "Feature", properties: {}, geometry }] : [] });
  }, [handle, circle]);

  useEffect(
    () => () => {
      cancelDrawing.current?.();
      const map = handle?.map;
      if (map?.getStyle() && map.getSource(SOURCE)) (map.getSource(SOURCE) as unknown as { setData(d: unknown): void }).setData({ type: "FeatureCollection", features: [] });
    },
    [handle],
  );

  const draw = () => {
    if (!handle) return;
    cancelDrawing.current?.();
    setDrawing(true);
    setHint({});
    setProblem(null);
    cancelDrawing.current = startDrawing(handle, "circle", {
      colour: "#7c3aed",
      onDone: (shape) => {
        setDrawing(false);
        cancelDrawing.current = null;
        if (shape.shape === "circle") setCircle(shape);
      },
      onCancel: () => {
        setDrawing(false);
        cancelDrawing.current = null;
      },
      onHint: setHint,
    });
  };

  const search = () => {
    if (!circle) return setProblem("area.needCircle");
    const query = { lng: circle.coordinates[0][0], lat: circle.coordinates[0][1], radiusM: circle.radius, from: parseZonedTime(from, timeZone), to: parseZonedTime(to, timeZone) };
    const checked = checkArea(query);
    if ("error" in checked) return setProblem(checked.error);
    setProblem(null);
    fetcher.submit({ intent: "area", lng: String(query.lng), lat: String(query.lat), radius: String(query.radiusM), from: String(query.from), to: String(query.to) }, { method: "post" });
  };

  const when = (ms: number) => formatInZone(ms, timeZone, i18n.language);
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data?.intent === "area" ? fetcher.data : null;
  const error = problem ?? answer?.error ?? null;
  const inputClass = "w-full rounded-md border border-line bg-canvas px-2 py-1 text-sm text-ink focus:outline-2 focus:outline-brand";

  return (
    <section aria-labelledby="area-title" className="absolute left-3 top-3 z-10 flex max-h-[calc(100%-1.5rem)] w-72 flex-col rounded-lg border border-line bg-panel shadow-lg" data-testid="area-search">
      <header className="flex items-center border-b border-line px-3 py-2">
        <h2 id="area-title" className="text-base font-semibold text-ink">
          {t("area.title")}
        </h2>
        <button type="button" onClick={onClose} aria-label={t("area.close")} className="ml-auto rounded px-2 text-lg leading-none text-muted hover:bg-canvas focus-visible:outline-2 focus-visible:outline-brand">
          ×
        </button>
      </header>
      <div className="space-y-2 border-b border-line px-3 py-2 text-sm">
        <button type="button" onClick={draw} disabled={!handle || drawing} className="w-full rounded-md border border-line px-2 py-1.5 text-ink hover:bg-canvas disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-brand">
          {circle ? t("area.redraw") : t("area.draw")}
        </button>
        {drawing && (
          <p className="text-xs text-muted" role="status">
            {t("area.drawing")}
            {hint.radiusM !== undefined && <span className={`block ${hint.tooLarge ? "text-danger" : ""}`}>{hint.tooLarge ? t("area.tooLarge") : t("area.radius", { value: hint.radiusM })}</span>}
          </p>
        )}
        {circle && !drawing && <p className="text-xs text-muted">{t("area.radius", { value: circle.radius })}</p>}
        <label className="block">
          <span className="text-xs text-muted">{t("area.from")}</span>
          <input type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} className={inputClass} />
        </label>
        <label className="block">
          <span className="text-xs text-muted">{t("area.to")}</span>
          <input type="datetime-local" value={to} onChange={(e) => setTo(e.target.value)} className={inputClass} />
        </label>
        {error && (
          <p role="alert" className="text-xs text-danger" data-testid="area-error">
            {t(error)}
          </p>
        )}
        <button type="button" onClick={search} disabled={busy} className="w-full rounded-md bg-brand px-2 py-1.5 text-white hover:opacity-90 disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand">
          {busy ? t("area.searching") : t("area.search")}
        </button>
      </div>
      {answer && !answer.error && !problem && (
        <div className="min-h-0 overflow-auto px-1 py-2" data-testid="area-hits">
          <p className="px-2 pb-1 text-xs text-muted" role="status">
            {answer.hits.length ? t("area.hits", { count: answer.hits.length }) : t("area.none")}
          </p>
          <ul>
            {answer.hits.map((h) => (
              <li key={h.vehicleId}>
                <button type="button" onClick={() => onSelect(h.vehicleId)} className="w-full rounded px-2 py-1 text-left text-sm hover:bg-canvas focus-visible:outline-2 focus-visible:outline-brand">
                  <span className="block font-medium text-ink">{h.plate}</span>
                  <span className="block text-xs text-muted" suppressHydrationWarning>
                    {t("area.firstT")} {when(h.firstT)} · {t("area.lastT")} {when(h.lastT)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
