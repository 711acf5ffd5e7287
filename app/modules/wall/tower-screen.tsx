import { useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { formatZonedTime } from "~/lib/tenant-clock";
import type { LiveStore } from "~/modules/monitor/live-store";
import type { VehicleLive } from "../../../workers/fleet-hub/protocol";
import { LIFT_START_T } from "../../../workers/fleet-hub/crane";
import { useWallLive } from "./use-wall-live";
import { useWallRefresh } from "./use-wall-refresh";
import { Kpi, WallFrame, WallPanel } from "./wall-frame";
import { WallBars } from "./wall-bars";
import { formatOne as fmt1, trendDayLabel, type TowerFigures, type TowerRow } from "./wall";
import { WALL } from "./texts/wall";
import { labelOf } from "~/lib/list/types";
import { TOWER_STAGES } from "~/modules/tower-docs/tower-doc.resource";

export interface TowerData {
  figures: TowerFigures;
  subtitle: string | null;
  link: string | null;
  light: boolean;
}

/** the cards a page shows; more towers turn the page every PAGE_MS */
const PER_PAGE = 12;
const PAGE_MS = 15_000;

/** Few towers get larger cards: 1, 2×1, 2×2, 3×2, then 4 across and 3 down. */
function gridOf(n: number) {
  const cols = n <= 1 ? 1 : n <= 4 ? 2 : n <= 6 ? 3 : 4;
  const rows = Math.max(1, Math.ceil(n / cols));
  return { gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))`, gridTemplateRows: `repeat(${rows}, minmax(0, 1fr))` };
}

export type TowerState = "lifting" | "on" | "standing" | "offline";

/** A tower's state now: offline (or never heard), lifting (a load on the hook), on (power on), standing. */
export function towerState(v: VehicleLive | undefined): TowerState {
  if (!v || v.status === "offline" || v.status === "never") return "offline";
  if ((v.crane?.load ?? 0) >= LIFT_START_T) return "lifting";
  return v.acc ? "on" : "standing";
}

const STATE_TONE: Record<TowerState, string> = { lifting: "bg-green-500/20 text-success", on: "bg-brand/20 text-brand", standing: "bg-line text-muted", offline: "bg-line text-muted" };

/**
 * 塔吊大屏: every tower crane's live state from its safety monitor (load, moment against the rated, radius, hook height,
 * slew, wind against the limit), where it stands and for whom, today's lifts and peak moment, the last 24 hours'
 * overload and wind alarms, towers by state, and the ten days' lifts.
 */
export function TowerScreen({ data }: { data: TowerData }) {
  const { t, i18n } = useTranslation(WALL);
  const { figures } = data;
  const { store, connection, heardAt } = useWallLive(data.link, figures.towers.map((x) => x.id), "all");
  // towers by their file's stage (塔吊档案), the stages some tower is in, and those without a file
  const byStage = [...TOWER_STAGES.map((s) => ({ label: labelOf(s.label, i18n.language), count: figures.towers.filter((x) => String(x.stage) === s.value).length })), { label: t("tower.noFile"), count: figures.towers.filter((x) => x.stage === null).length }].filter((s) => s.count > 0);
  useWallRefresh();
  const version = useSyncExternalStore(store.subscribe, store.getVersion, () => 0);
  const states = figures.towers.map((x) => towerState(store.get(x.id)));
  const count = (s: TowerState) => states.filter((x) => x === s).length;
  const pages = Math.max(1, Math.ceil(figures.towers.length / PER_PAGE));
  const [page, setPage] = useState(0);
  useEffect(() => {
    if (pages < 2) return;
    const timer = setInterval(() => setPage((p) => (p + 1) % pages), PAGE_MS);
    return () => clearInterval(timer);
  }, [pages]);
  const shown = figures.towers.slice((page % pages) * PER_PAGE, (page % pages) * PER_PAGE + PER_PAGE);
  const overloads = figures.towers.reduce((s, x) => s + x.overloads, 0);
  const winds = figures.towers.reduce((s, x) => s + x.winds, 0);
  return (
    <WallFrame title={t("tower.title")} subtitle={data.subtitle} connection={connection} heardAt={heardAt} timeZone={figures.timeZone} light={data.light} testId="tower-screen">
      <div className="grid h-full grid-cols-[3.2rem_minmax(0,1fr)_4.16rem] gap-4" data-version={version}>
        <div className="flex min-h-0 flex-col gap-3" data-testid="tower-counts">
          <Kpi label={t("tower.towers")} value={figures.towers.length} testId="kpi-towers" />
          <Kpi label={t("tower.state.lifting")} value={store.seq === null ? "—" : count("lifting")} tone="success" testId="kpi-lifting" />
          <Kpi label={t("tower.state.on")} value={store.seq === null ? "—" : count("on")} tone="brand" />
          <Kpi label={t("tower.state.offline")} value={store.seq === null ? "—" : count("offline")} tone="muted" />
          <Kpi label={t("tower.onRent")} value={figures.towers.filter((x) => x.site).length} />
          <Kpi label={t("tower.liftsToday")} value={figures.towers.reduce((s, x) => s + x.lifts, 0)} tone="brand" testId="kpi-lifts" />
        </div>
        <section className="flex min-h-0 flex-col gap-2" aria-label={t("tower.title")}>
          {figures.towers.length === 0 ? (
            <p className="flex h-full items-center justify-center text-2xl text-muted">{t("tower.none")}</p>
          ) : (
            <>
              <ul className="grid min-h-0 flex-1 gap-3" style={gridOf(shown.length)} data-testid="tower-cards">
                {shown.map((x) => (
                  <TowerCard key={x.id} tower={x} store={store} limits={figures} />
                ))}
              </ul>
              {pages > 1 && (
                <p className="shrink-0 text-center text-base text-muted tabular-nums">
                  {(page % pages) + 1} / {pages}
                </p>
              )}
            </>
          )}
        </section>
        <div className="flex min-h-0 flex-col gap-4">
          <div className="grid shrink-0 grid-cols-2 gap-3">
            <Kpi label={t("tower.overloads24h")} value={overloads} tone={overloads ? "danger" : undefined} testId="kpi-overloads" />
            <Kpi label={t("tower.winds24h")} value={winds} tone={winds ? "warning" : undefined} testId="kpi-winds" />
          </div>
          <WallPanel title={t("tower.stages")} className="shrink-0" testId="tower-stages">
            <ul className="grid grid-cols-2 gap-x-4 text-lg">
              {byStage.map((s) => (
                <li key={s.label} className="flex justify-between gap-2">
                  <span className="truncate text-muted">{s.label}</span>
                  <span className="tabular-nums">{s.count}</span>
                </li>
              ))}
            </ul>
          </WallPanel>
          <WallPanel title={t("tower.latest")} className="flex-1" testId="tower-alarms">
            {figures.latest.length === 0 ? (
              <p className="text-lg text-muted">{t("alarms.none")}</p>
            ) : (
              <ul className="space-y-1 text-lg">
                {figures.latest.map((a, i) => (
                  <li key={i} className="grid grid-cols-[1rem_minmax(0,1fr)_1.2rem] gap-2">
                    <span className="tabular-nums text-muted">{formatZonedTime(a.at, figures.timeZone).slice(11)}</span>
                    <span className="truncate">{a.tower}</span>
                    <span className={`text-right tabular-nums ${a.kind === "overload" ? "text-danger" : "text-warning"}`}>{a.kind === "overload" ? `${fmt1(a.value)}%` : `${fmt1(a.value)} m/s`}</span>
                  </li>
                ))}
              </ul>
            )}
          </WallPanel>
          <WallPanel title={t("tower.liftsTrend")} className="flex-1" testId="wall-trend">
            <WallBars categories={figures.lifts.map((d, i) => trendDayLabel(d.day, i))} values={figures.lifts.map((d) => d.lifts)} format={(v) => String(v)} label={t("tower.liftsTrend")} />
          </WallPanel>
        </div>
      </div>
    </WallFrame>
  );
}

function TowerCard({ tower, store, limits }: { tower: TowerRow; store: LiveStore; limits: { overloadPercent: number; windLimitMs: number } }) {
  const { t, i18n } = useTranslation(WALL);
  const stage = TOWER_STAGES.find((s) => s.value === String(tower.stage));
  useSyncExternalStore(store.subscribe, () => store.revOf(tower.id), () => 0);
  const v = store.get(tower.id);
  const c = v?.crane ?? null;
  const state = towerState(v);
  const moment = c?.moment ?? null;
  const momentTone = moment === null ? "bg-line" : moment >= limits.overloadPercent ? "bg-danger" : moment >= limits.overloadPercent * 0.9 ? "bg-warning" : "bg-success";
  const windHigh = c?.wind != null && limits.windLimitMs > 0 && c.wind >= limits.windLimitMs;
  return (
    <li className="flex min-h-0 flex-col gap-1 overflow-hidden rounded-lg border border-line bg-panel p-3" data-tower={tower.id} data-state={state}>
      <div className="flex items-center gap-2">
        <span className="truncate text-2xl font-semibold">{tower.selfNo ?? tower.plate}</span>
        <span className={`ml-auto shrink-0 rounded px-2 text-base ${STATE_TONE[state]}`}>{t(`tower.state.${state}`)}</span>
      </div>
      <p className="truncate text-base text-muted" title={tower.site ?? ""}>
        {tower.site ? `${tower.customer ?? ""} · ${tower.site}` : t("tower.inYard")}
      </p>
      <p className="truncate text-base" data-testid="tower-stage">
        <span className={stage ? "text-ink" : "text-muted"}>{stage ? labelOf(stage.label, i18n.language) : t("tower.noFile")}</span>
        {tower.height !== null && <span className="ml-2 tabular-nums text-muted">{fmt1(tower.height)} m</span>}
      </p>
      <div className="flex items-center gap-2 text-lg">
        <span className="w-[0.6rem] shrink-0 text-muted">{t("tower.moment")}</span>
        <span className="h-[0.16rem] flex-1 rounded-sm bg-line">
          <span className={`block h-full rounded-sm ${momentTone}`} style={{ width: `${Math.min(100, moment ?? 0)}%` }} />
        </span>
        <span className="w-[0.8rem] text-right text-xl tabular-nums" data-testid="tower-moment">
          {moment === null ? "—" : `${fmt1(moment)}%`}
        </span>
      </div>
      {/* the load and its moment large, where the card has room (a page of twelve has none) */}
      <div className="flex min-h-0 flex-1 items-center justify-around overflow-hidden" aria-hidden>
        <span className="text-[0.5rem] font-semibold tabular-nums">
          {fmt1(c?.load)}
          <span className="ml-1 text-xl text-muted">t</span>
        </span>
        <span className={`text-[0.5rem] font-semibold tabular-nums ${moment !== null && moment >= limits.overloadPercent ? "text-danger" : moment !== null && moment >= limits.overloadPercent * 0.9 ? "text-warning" : ""}`}>
          {moment === null ? "—" : fmt1(moment)}
          <span className="ml-1 text-xl text-muted">%</span>
        </span>
      </div>
      <dl className="grid shrink-0 grid-cols-3 gap-x-2 gap-y-1 text-base">
        <Figure label={t("tower.load")} value={`${fmt1(c?.load)} t`} />
        <Figure label={t("tower.radius")} value={`${fmt1(c?.radius)} m`} />
        <Figure label={t("tower.height")} value={`${fmt1(c?.height)} m`} />
        <Figure label={t("tower.slew")} value={c?.slew == null ? "—" : `${Math.round(c.slew)}°`} />
        <Figure label={t("tower.wind")} value={`${fmt1(c?.wind)} m/s`} tone={windHigh ? "text-warning" : undefined} />
        <Figure label={t("tower.lifts")} value={`${tower.lifts} · ${fmt1(tower.peakMoment)}%`} />
      </dl>
    </li>
  );
}

function Figure({ label, value, tone }: { label: string; value: string; tone?: string }) {
  return (
    <div className="min-w-0">
      <dt className="truncate text-muted">{label}</dt>
      <dd className={`truncate text-xl tabular-nums ${tone ?? ""}`}>{value}</dd>
    </div>
  );
}
