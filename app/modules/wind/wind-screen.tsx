import { useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { labelOf, optionLabel } from "~/lib/list/types";
import type { LiveStore } from "~/modules/monitor/live-store";
import { useWallLive } from "~/modules/wall/use-wall-live";
import { useWallRefresh } from "~/modules/wall/use-wall-refresh";
import { Kpi, WallFrame, WallPanel } from "~/modules/wall/wall-frame";
import { WallBars } from "~/modules/wall/wall-bars";
import { formatOne as fmt1 } from "~/modules/wall/wall";
import { STOP_REASONS, TURBINE_STAGES } from "./wind-project.resource";
import { progressOf, STAGE_SHORT, windVerdict, type WindCrane, type WindFigures, type WindProjectFigures, type WindStop } from "./wind";
import { BAR_TONE, craneIdsOf, PositionChips, STAGE_TONE, useCraneWind, VERDICT_TONE } from "./wind-parts";
import { WIND } from "./texts/wind";

export interface WindScreenData {
  figures: WindFigures;
  subtitle: string | null;
  light: boolean;
}

/** the project cards a page shows; more turn the page every PAGE_MS */
const PER_PAGE = 4;
const PAGE_MS = 15_000;

/**
 * 风电监控大屏: each wind project in progress: its turbine positions by stage and the progress they make, its cranes
 * with the wind at each (live, over the hub) against the wind it may lift in, whether the site is stopped now; the
 * projects' positions by stage, the latest stops and the day's wind alarms beside them.
 */
export function WindScreen({ data }: { data: WindScreenData }) {
  const { t, i18n } = useTranslation(WIND);
  const { figures } = data;
  const craneIds = craneIdsOf(figures.projects);
  const { store, connection, heardAt } = useWallLive(null, craneIds, "all");
  useWallRefresh();
  const version = useSyncExternalStore(store.subscribe, store.getVersion, () => 0);
  const pages = Math.max(1, Math.ceil(figures.projects.length / PER_PAGE));
  const [page, setPage] = useState(0);
  useEffect(() => {
    if (pages < 2) return;
    const timer = setInterval(() => setPage((p) => (p + 1) % pages), PAGE_MS);
    return () => clearInterval(timer);
  }, [pages]);
  const shown = figures.projects.slice((page % pages) * PER_PAGE, (page % pages) * PER_PAGE + PER_PAGE);
  const positions = figures.projects.flatMap((p) => p.positions);
  const cranes = figures.projects.flatMap((p) => p.cranes);
  const over = cranes.filter((c) => windVerdict(store.get(c.vehicleId)?.crane?.wind, c.limitMs) === "over").length;
  const lang = i18n.language;
  return (
    <WallFrame title={t("screen.title")} subtitle={data.subtitle} connection={connection} heardAt={heardAt} timeZone={figures.timeZone} light={data.light} testId="wind-screen">
      <div className="grid h-full grid-cols-[3.2rem_minmax(0,1fr)_4.16rem] gap-4" data-version={version}>
        <div className="flex min-h-0 flex-col gap-3" data-testid="wind-counts">
          <Kpi label={t("screen.projects")} value={figures.projects.length} testId="kpi-projects" />
          <Kpi label={t("screen.positions")} value={positions.length} testId="kpi-positions" />
          <Kpi label={t("screen.erected")} value={positions.filter((p) => p.stage === TURBINE_STAGES.length - 1).length} tone="success" testId="kpi-erected" />
          <Kpi label={t("screen.progress")} value={`${progressOf(positions)}%`} tone="brand" testId="kpi-progress" />
          <Kpi label={t("screen.overLimit")} value={store.seq === null ? "—" : over} tone={over ? "danger" : undefined} testId="kpi-over" />
          <Kpi label={t("screen.stopHoursMonth")} value={fmt1(figures.projects.reduce((s, p) => s + p.stopHoursMonth, 0))} tone="warning" testId="kpi-stop-hours" />
        </div>
        <section className="flex min-h-0 flex-col gap-2" aria-label={t("screen.title")}>
          {figures.projects.length === 0 ? (
            <p className="flex h-full items-center justify-center text-2xl text-muted">{t("screen.none")}</p>
          ) : (
            <>
              <ul className={`grid min-h-0 flex-1 gap-3 ${shown.length > 1 ? "grid-cols-2" : "grid-cols-1"} ${shown.length > 2 ? "grid-rows-2" : "grid-rows-1"}`} data-testid="wind-projects">
                {shown.map((p) => (
                  <li key={p.id} className="flex min-h-0 flex-col gap-2 overflow-hidden rounded-lg border border-line bg-panel p-3" data-project={p.id}>
                    <ProjectHead project={p} />
                    {shown.length > 2 ? <PositionChips positions={p.positions} lang={lang} /> : <PositionTiles positions={p.positions} lang={lang} />}
                    <CraneRows cranes={p.cranes} store={store} lang={lang} />
                  </li>
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
          <Kpi label={t("screen.winds24h")} value={figures.winds24h} tone={figures.winds24h ? "warning" : undefined} testId="kpi-winds" />
          <WallPanel title={t("screen.stages")} className="flex-1" testId="wind-stages">
            <WallBars categories={lang.startsWith("zh") ? STAGE_SHORT.zh : STAGE_SHORT.en} values={TURBINE_STAGES.map((_, i) => positions.filter((p) => p.stage === i).length)} format={(v) => String(v)} label={t("screen.stages")} />
          </WallPanel>
          <WallPanel title={t("screen.stops")} className="flex-1" testId="wind-stops">
            <StopList stops={figures.stops} lang={lang} />
          </WallPanel>
        </div>
      </div>
    </WallFrame>
  );
}

function ProjectHead({ project: p }: { project: WindProjectFigures }) {
  const { t } = useTranslation(WIND);
  const done = p.positions.filter((x) => x.stage === TURBINE_STAGES.length - 1).length;
  const progress = progressOf(p.positions);
  return (
    <>
      <div className="flex items-center gap-2">
        <span className="truncate text-2xl font-semibold">{p.name}</span>
        {p.stoppedNow && <span className="shrink-0 rounded bg-danger/20 px-2 text-base text-danger" data-testid="wind-stopped">{t("screen.stopping")}</span>}
        <span className="ml-auto shrink-0 text-xl tabular-nums text-brand">{progress}%</span>
      </div>
      <p className="truncate text-base text-muted" title={p.site}>
        {[p.owner, p.site, p.turbineModel && `${p.turbineModel}${p.capacityMw ? ` ${p.capacityMw} MW` : ""}`].filter(Boolean).join(" · ")}
      </p>
      <div className="flex items-center gap-2 text-base">
        <span className="h-[0.12rem] flex-1 rounded-sm bg-line">
          <span className="block h-full rounded-sm bg-brand" style={{ width: `${progress}%` }} />
        </span>
        <span className="shrink-0 tabular-nums text-muted">{t("screen.positionsOf", { done, total: p.positions.length })}</span>
      </div>
    </>
  );
}

/**
 * The positions as tiles filling the card (one or two projects on the page): the position's number large, its stage's
 * name, and five steps lit up to the stage reached.
 */
function PositionTiles({ positions, lang }: { positions: WindProjectFigures["positions"]; lang: string }) {
  const cols = Math.max(4, Math.ceil(Math.sqrt(positions.length * 2)));
  return (
    <ul className="grid min-h-0 flex-1 auto-rows-fr gap-2 overflow-hidden" style={{ gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))` }} data-testid="wind-positions">
      {positions.map((x) => (
        <li key={x.positionNo} className={`flex min-h-0 flex-col justify-center overflow-hidden rounded-md px-2 py-1 ${STAGE_TONE[x.stage] ?? STAGE_TONE[0]}`} data-stage={x.stage}>
          <span className="truncate text-2xl font-semibold tabular-nums">{x.positionNo}</span>
          <span className="truncate text-base opacity-90">{labelOf(TURBINE_STAGES[x.stage]?.label ?? TURBINE_STAGES[0]!.label, lang)}</span>
          <span className="mt-1 flex gap-0.5" aria-hidden>
            {TURBINE_STAGES.slice(1).map((_, i) => (
              <span key={i} className={`h-[0.05rem] flex-1 rounded-sm ${i < x.stage ? "bg-current" : "bg-current opacity-20"}`} />
            ))}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Each crane: its name and role, the wind at it now against its limit (a bar, the figure, lift or stop). */
function CraneRows({ cranes, store, lang }: { cranes: WindCrane[]; store: LiveStore; lang: string }) {
  const { t } = useTranslation(WIND);
  if (!cranes.length) return <p className="shrink-0 text-base text-muted">{t("screen.noCranes")}</p>;
  return (
    <ul className="shrink-0 space-y-1" data-testid="wind-cranes">
      {cranes.slice(0, 4).map((c) => (
        <CraneRow key={c.vehicleId} crane={c} store={store} lang={lang} />
      ))}
    </ul>
  );
}

function CraneRow({ crane: c, store, lang }: { crane: WindCrane; store: LiveStore; lang: string }) {
  const { t } = useTranslation(WIND);
  const { wind, verdict, role } = useCraneWind(store, c);
  return (
    <li className="grid grid-cols-[1.8rem_minmax(0,1fr)_0.9rem_1rem] items-center gap-2 text-lg" data-crane={c.vehicleId} data-verdict={verdict}>
      <span className="truncate" title={c.plate}>
        {c.selfNo ?? c.plate}
        {role && <span className="ml-1 text-base text-muted">{labelOf(role.label, lang)}</span>}
      </span>
      <span className="h-[0.12rem] rounded-sm bg-line" title={t("screen.limit", { limit: fmt1(c.limitMs) })}>
        <span className={`block h-full rounded-sm ${BAR_TONE[verdict]}`} style={{ width: `${Math.min(100, ((wind ?? 0) / c.limitMs) * 100)}%` }} />
      </span>
      <span className={`text-right tabular-nums ${VERDICT_TONE[verdict]}`} data-testid="crane-wind">
        {wind === null ? "—" : `${fmt1(wind)}`}
        <span className="ml-1 text-base text-muted">/{fmt1(c.limitMs)}</span>
      </span>
      <span className={`truncate text-right text-base ${VERDICT_TONE[verdict]}`}>{verdict === "none" ? t("screen.noReading") : verdict === "over" ? t("screen.stop") : t("screen.liftable")}</span>
    </li>
  );
}

function StopList({ stops, lang }: { stops: WindStop[]; lang: string }) {
  const { t } = useTranslation(WIND);
  if (!stops.length) return <p className="text-lg text-muted">{t("screen.stopsNone")}</p>;
  return (
    <ul className="space-y-1 text-lg">
      {stops.map((s, i) => (
        <li key={i} className="grid grid-cols-[auto_minmax(0,1fr)_auto] gap-2">
          <span className="tabular-nums text-muted">
            {s.stopOn.slice(5)} {s.fromTime}–{s.toTime ?? ""}
          </span>
          <span className="truncate" title={s.project}>
            {optionLabel(STOP_REASONS, s.reason, lang)}
            {s.windSpeed !== null && <span className="ml-1 text-base text-muted">{fmt1(s.windSpeed)}m/s</span>}
          </span>
          <span className="text-right tabular-nums text-warning">{s.toTime ? `${fmt1(s.hours)} h` : t("screen.ongoing")}</span>
        </li>
      ))}
    </ul>
  );
}
