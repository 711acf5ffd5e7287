import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { checkAreaVisitQuery, type AreaShape } from "../../../workers/fleet-hub/area-query";
import { formatInZone } from "~/lib/tenant-clock";
import { parseZonedTime } from "~/lib/tenant-days";
import { useTimeZone } from "~/lib/use-time-zone";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Input, Select } from "~/ui/input";
import { HeadRow, Row, Table, Td, Th } from "~/ui/table";
import { shapeGeometry, startDrawing, type DrawnShape } from "~/widgets/map/draw";
import { MapView, type MapHandle } from "~/widgets/map/map-view";
import type { AreaAnswer, AreaError, areaLoader } from "./area.server";
import { TERMINAL_HEALTH } from "./texts/terminalHealth";

type Mode = "rectangle" | "circle" | "polygon";
type Drawn = Extract<DrawnShape, { shape: Mode }>;
const SOURCE = "area-equipment";
const COLOUR = "#7c3aed";

/** The drawn shape as the hub takes it (a rectangle is the polygon of its corners). */
const toQuery = (s: Drawn): AreaShape => (s.shape === "circle" ? { kind: "circle", centre: s.coordinates[0], radiusM: s.radius } : { kind: "polygon", ring: s.coordinates });

/** /areaEquipment 区域设备: draw an area, choose a window, list the machines that were inside with their entry and exit. */
export function AreaPage({ title }: { title: string }) {
  const data = useLoaderData<typeof areaLoader>();
  const { t, i18n } = useTranslation(TERMINAL_HEALTH);
  const tz = useTimeZone();
  const fetcher = useFetcher<AreaAnswer>();
  const [handle, setHandle] = useState<MapHandle | null>(null);
  const [mode, setMode] = useState<Mode>("rectangle");
  const [shape, setShape] = useState<Drawn | null>(null);
  const [drawing, setDrawing] = useState(false);
  const [hint, setHint] = useState<{ radiusM?: number; tooLarge?: boolean }>({});
  const [from, setFrom] = useState(data.fromText);
  const [to, setTo] = useState(data.toText);
  const [problem, setProblem] = useState<AreaError | "needShape" | null>(null);
  const cancel = useRef<(() => void) | null>(null);

  const onReady = useCallback((h: MapHandle) => {
    h.map.addSource(SOURCE, { type: "geojson", data: { type: "FeatureCollection", features: [] } });
    h.map.addLayer({ id: `${SOURCE}-fill`, type: "fill", source: SOURCE, paint: { "fill-color": COLOUR, "fill-opacity": 0.12 } });
    h.map.addLayer({ id: `${SOURCE}-line`, type: "line", source: SOURCE, paint: { "line-color": COLOUR, "line-width": 2 } });
    setHandle(h);
  }, []);

  useEffect(() => {
    if (!handle) return;
    const geometry = shape ? shapeGeometry(shape, handle.projection.toDisplay) : null;
    (handle.map.getSource(SOURCE) as unknown as { setData(d: unknown): void } | undefined)?.setData({ type: "FeatureCollection", features: geometry ? [{ type: "Feature", properties: {}, geometry }] : [] });
  }, [handle, shape]);

  useEffect(() => () => cancel.current?.(), []);

  const draw = () => {
    if (!handle) return;
    cancel.current?.();
    setDrawing(true);
    setHint({});
    setProblem(null);
    cancel.current = startDrawing(handle, mode, {
      colour: COLOUR,
      onDone: (s) => {
        setDrawing(false);
        cancel.current = null;
        if (s.shape !== "line") setShape(s as Drawn);
      },
      onCancel: () => {
        setDrawing(false);
        cancel.current = null;
      },
      onHint: setHint,
    });
  };

  const search = () => {
    if (!shape) return setProblem("needShape");
    const q = { shape: toQuery(shape), from: parseZonedTime(from, tz), to: parseZonedTime(to, tz) };
    const bad = checkAreaVisitQuery(q);
    if (bad) return setProblem(bad);
    setProblem(null);
    const coordinates = shape.shape === "circle" ? [shape.coordinates[0]] : shape.coordinates;
    fetcher.submit({ shape: shape.shape, coordinates: JSON.stringify(coordinates), radius: shape.shape === "circle" ? String(shape.radius) : "", from, to }, { method: "post" });
  };

  const when = (ms: number) => formatInZone(ms, tz, i18n.language);
  const stay = (ms: number) => (ms >= 3_600_000 ? t("area.hours", { value: Math.round(ms / 360_000) / 10 }) : t("area.minutes", { value: Math.round(ms / 60_000) }));
  const answer = fetcher.data;
  const error = problem ?? answer?.error ?? null;
  const visits = answer && !answer.error && !problem ? answer.visits : null;
  const machines = visits ? new Set(visits.map((v) => v.vehicleId)).size : 0;

  return (
    <div className="space-y-3 p-4" data-testid="area-equipment">
      <div className="rounded-lg border border-line bg-panel p-3">
        <h1 className="text-lg font-semibold text-ink">{title}</h1>
        <p className="mb-3 text-xs text-muted">{t("area.intro")}</p>
        <div className="flex flex-wrap items-end gap-3 text-sm">
          <label>
            <span className="mb-1 block text-muted">{t("area.shape")}</span>
            <Select value={mode} onChange={(e) => setMode(e.target.value as Mode)} className="w-32" data-testid="area-shape">
              {(["rectangle", "circle", "polygon"] as const).map((m) => (
                <option key={m} value={m}>
                  {t(`area.${m}`)}
                </option>
              ))}
            </Select>
          </label>
          <Button type="button" variant="secondary" onClick={draw} disabled={!handle || drawing} data-testid="area-draw">
            {shape ? t("area.redraw") : t("area.draw")}
          </Button>
          <label>
            <span className="mb-1 block text-muted">{t("area.from")}</span>
            <Input type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} className="w-52" data-testid="area-from" />
          </label>
          <label>
            <span className="mb-1 block text-muted">{t("area.to")}</span>
            <Input type="datetime-local" value={to} onChange={(e) => setTo(e.target.value)} className="w-52" data-testid="area-to" />
          </label>
          <Button type="button" onClick={search} disabled={fetcher.state !== "idle"} data-testid="area-search">
            {fetcher.state !== "idle" ? t("area.searching") : t("area.search")}
          </Button>
        </div>
        <p className={`mt-2 text-xs ${error || hint.tooLarge ? "text-danger" : "text-muted"}`} role={error ? "alert" : "status"} data-testid="area-status">
          {error
            ? t(`area.errors.${error}`)
            : drawing
              ? `${t(`area.drawing.${mode}`)}${hint.radiusM !== undefined ? ` · ${hint.tooLarge ? t("area.errors.radius") : t("area.radius", { value: hint.radiusM })}` : ""}`
              : shape
                ? `${t("area.drawn", { shape: t(`area.${shape.shape}`) })}${shape.shape === "circle" ? ` · ${t("area.radius", { value: shape.radius })}` : ""}`
                : ""}
        </p>
      </div>
      <MapView config={data.mapConfig} onReady={onReady} label={t("area.mapLabel")} className="h-[480px] rounded-lg border border-line" />
      {visits ? (
        <Table testId="area-visits" caption={`${t("area.result")} · ${visits.length ? t("area.hits", { vehicles: machines, visits: visits.length }) : t("area.none")}`}>
          <thead>
            <HeadRow>
              <Th>{t("area.plate")}</Th>
              <Th>{t("area.enter")}</Th>
              <Th>{t("area.exit")}</Th>
              <Th num>{t("area.stay")}</Th>
            </HeadRow>
          </thead>
          <tbody>
            {visits.map((v) => (
              <Row key={`${v.vehicleId}:${v.enterT}`}>
                <Td className="whitespace-nowrap">
                  <Link to={`/deviceDetails?id=${v.vehicleId}`} className="font-medium text-brand hover:underline">
                    {v.plate}
                  </Link>
                </Td>
                <Td className="whitespace-nowrap" suppressHydrationWarning>
                  {when(v.enterT)}
                  {v.fromStart ? (
                    <Badge tone="info" className="ml-2">
                      {t("area.before")}
                    </Badge>
                  ) : null}
                </Td>
                <Td className="whitespace-nowrap" suppressHydrationWarning>
                  {when(v.exitT)}
                  {v.toEnd ? (
                    <Badge tone="info" className="ml-2">
                      {t("area.after")}
                    </Badge>
                  ) : null}
                </Td>
                <Td num>{stay(v.exitT - v.enterT)}</Td>
              </Row>
            ))}
          </tbody>
        </Table>
      ) : null}
    </div>
  );
}
