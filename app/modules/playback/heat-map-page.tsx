import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import type { FeatureCollection } from "geojson";
import type { ExpressionSpecification } from "maplibre-gl";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "~/ui/field";
import { MapView, type MapHandle } from "~/widgets/map/map-view";
import type { heatLoader } from "./playback.server";
import { checkRange, HEAT_CELLS, parseLocalTime, type RangeError } from "./track";
import { useTimeZone } from "~/lib/use-time-zone";
import { PLAYBACK } from "~/modules/playback/texts/playback";
import { Button } from "~/ui/button";
import { boxClass } from "~/ui/input";

const input = `${boxClass} h-9 px-2 text-base`;
/** the heat ramp, light to intense; the legend shows the same stops */
const RAMP = ["rgba(33,102,172,0)", "#67a9cf", "#d1e5f0", "#fddbc7", "#ef8a62", "#b2182b"];

/**
 * Radius per zoom so that a cell's blob reaches its neighbours (cells are `cellDeg` apart: cellDeg × 256 × 2^z / 360
 * pixels at zoom z), wide enough to overlap them, kept between 6 and 160 pixels.
 */
function radiusByZoom(cellDeg: number): ExpressionSpecification {
  const stops: number[] = [];
  for (let z = 2; z <= 18; z++) stops.push(z, Math.round(Math.min(160, Math.max(6, ((cellDeg * 256 * 2 ** z) / 360) * 1.6))));
  return ["interpolate", ["linear"], ["zoom"], ...stops] as unknown as ExpressionSpecification;
}

/** /equipmentHeatMap: where the visible vehicles were over a range (≤ 7 days), as a maplibre/mapbox heatmap layer. */
export function HeatMapPage({ title }: { title: string }) {
  const data = useLoaderData<typeof heatLoader>();
  const { t } = useTranslation(PLAYBACK);
  const timeZone = useTimeZone();
  const navigation = useNavigation();
  const [clientError, setClientError] = useState<string | null>(null);
  const answer = data.answer;
  const serverRange = answer.status === "error" && answer.error.startsWith("range.") ? t(answer.error as `range.${RangeError}`) : null;
  const rangeError = clientError ?? serverRange;
  const cells = useMemo(() => (answer.status === "ok" ? answer.cells : []), [answer]);
  const cellDeg = data.cellDeg;
  const cellLabels: Record<number, string> = { 0.005: t("heat.gridFine"), 0.01: t("heat.gridMedium"), 0.05: t("heat.gridCoarse") };

  const onReady = useCallback(
    ({ map, projection }: MapHandle) => {
      if (!cells.length) return;
      const max = cells.reduce((m, c) => Math.max(m, c.n), 1);
      const data: FeatureCollection = {
        type: "FeatureCollection",
        features: cells.map((c) => ({ type: "Feature", properties: { w: c.n / max }, geometry: { type: "Point", coordinates: projection.toDisplay([c.lng, c.lat]) } })),
      };
      map.addSource("heat", { type: "geojson", data });
      map.addLayer({
        id: "heat",
        type: "heatmap",
        source: "heat",
        paint: {
          // a cell's weight is its share of the busiest cell, lifted so that single positions still show
          "heatmap-weight": ["interpolate", ["linear"], ["get", "w"], 0, 0.3, 1, 1],
          "heatmap-intensity": ["interpolate", ["linear"], ["zoom"], 3, 1, 14, 1.6],
          "heatmap-radius": radiusByZoom(cellDeg),
          "heatmap-opacity": 0.85,
          "heatmap-color": ["interpolate", ["linear"], ["heatmap-density"], 0, RAMP[0], 0.2, RAMP[1], 0.4, RAMP[2], 0.6, RAMP[3], 0.8, RAMP[4], 1, RAMP[5]],
        },
      });
      const lngs = cells.map((c) => projection.toDisplay([c.lng, c.lat])[0]);
      const lats = cells.map((c) => projection.toDisplay([c.lng, c.lat])[1]);
      map.fitBounds(
        [
          [Math.min(...lngs), Math.min(...lats)],
          [Math.max(...lngs), Math.max(...lats)],
        ],
        { padding: 60, maxZoom: 13, duration: 0 },
      );
    },
    [cells, cellDeg],
  );

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    const form = new FormData(e.currentTarget);
    const bad = checkRange(parseLocalTime(String(form.get("from") ?? ""), timeZone), parseLocalTime(String(form.get("to") ?? ""), timeZone));
    if (bad) {
      e.preventDefault();
      setClientError(t(`range.${bad}`));
    } else setClientError(null);
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3 rounded-lg border border-line bg-panel p-3">
        <h1 className="mr-2 self-center text-lg font-semibold">{title}</h1>
        <Form method="get" className="flex flex-wrap items-end gap-3" onSubmit={onSubmit} noValidate>
          <div>
            <label htmlFor="hm-from" className="mb-1 block text-sm text-muted">
              {t("query.from")}
            </label>
            <input id="hm-from" name="from" type="datetime-local" defaultValue={data.fromText} key={`f${data.fromText}`} className={input} aria-invalid={rangeError ? true : undefined} aria-describedby="hm-range-hint" />
          </div>
          <div>
            <label htmlFor="hm-to" className="mb-1 block text-sm text-muted">
              {t("query.to")}
            </label>
            <input id="hm-to" name="to" type="datetime-local" defaultValue={data.toText} key={`t${data.toText}`} className={input} aria-invalid={rangeError ? true : undefined} aria-describedby="hm-range-hint" />
          </div>
          <div>
            <label htmlFor="hm-org" className="mb-1 block text-sm text-muted">
              {t("heat.org")}
            </label>
            <select id="hm-org" name="org" defaultValue={data.orgId ?? ""} className={`${input} w-48`}>
              <option value="">{t("heat.allOrgs")}</option>
              {data.organisations.map((o) => (
                <option key={o.id} value={o.id}>
                  {"\u3000".repeat(Math.min(o.depth, 6))}
                  {o.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="hm-vehicle" className="mb-1 block text-sm text-muted">
              {t("heat.vehicle")}
            </label>
            <select id="hm-vehicle" name="vehicle" defaultValue={data.vehicleId ?? ""} className={`${input} w-52`}>
              <option value="">{t("heat.allVehicles")}</option>
              {data.vehicles.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.plate} · {v.terminalNo}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="hm-cell" className="mb-1 block text-sm text-muted">
              {t("heat.grid")}
            </label>
            <select id="hm-cell" name="cell" defaultValue={String(data.cellDeg)} className={input}>
              {HEAT_CELLS.map((c) => (
                <option key={c} value={c}>
                  {cellLabels[c]}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" disabled={navigation.state === "loading"}>
            {t("query.submit")}
          </Button>
        </Form>
        <p id="hm-range-hint" className={`w-full text-sm ${rangeError ? "text-danger" : "text-muted"}`} role={rangeError ? "alert" : undefined}>
          {rangeError ?? t("query.rangeHint")}
        </p>
      </div>

      {answer.status === "error" && !serverRange ? <Alert tone="error">{t(`errors.${answer.error as "vehicle" | "hub"}`)}</Alert> : null}
      {answer.status === "ok" && cells.length === 0 ? (
        <div className="flex h-64 items-center justify-center rounded-lg border border-dashed border-line bg-panel text-muted" data-testid="heat-empty">
          {t("heat.empty")}
        </div>
      ) : null}
      {cells.length ? (
        <div className="relative">
          <MapView key={`${data.fromText}:${data.toText}:${data.orgId}:${data.vehicleId}:${data.cellDeg}`} config={data.mapConfig} onReady={onReady} className="h-[600px] rounded-lg border border-line" />
          <div className="absolute left-3 top-3 rounded-md border border-line bg-panel/95 p-2 text-xs shadow" data-testid="heat-legend">
            <p className="mb-1 font-medium">{t("heat.legend")}</p>
            <div className="h-2.5 w-44 rounded" style={{ background: `linear-gradient(to right, ${RAMP.slice(1).join(", ")})` }} aria-hidden="true" />
            <div className="mt-0.5 flex justify-between text-muted">
              <span>{t("heat.few")}</span>
              <span>{t("heat.many")}</span>
            </div>
            {answer.status === "ok" ? (
              <p className="mt-1 text-muted" data-testid="heat-total">
                {t("heat.total", { n: answer.total, cells: cells.length })}
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
