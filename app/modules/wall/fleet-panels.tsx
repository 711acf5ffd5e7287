import { useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { ALARM_KINDS } from "~/modules/alarms/alarm.view";
import type { LiveStore } from "~/modules/monitor/live-store";
import { onlineBucket, startOfTenantDay, type OnlineBucket } from "~/modules/monitor/monitor";
import { labelIn } from "~/modules/reports/report-types";
import { Kpi, WallPanel } from "./wall-frame";
import { WallBars } from "./wall-bars";
import { AGE_BUCKETS, formatInt as fmtInt, formatOne as fmt1, trendDayLabel, type WallFigures } from "./wall";
import { WALL } from "./texts/wall";
import { MONITOR } from "~/modules/monitor/texts/monitor";

const BUCKETS: OnlineBucket[] = ["minute", "today", "week", "over7", "never"];

/** The hub's counts of the screen's machines: all, working (moving), standing, offline; the loader's count until the first frame. */
export function LiveCounts({ store, machines }: { store: LiveStore; machines: number }) {
  const { t } = useTranslation(WALL);
  useSyncExternalStore(store.subscribe, store.getStatusVersion, () => 0);
  const c = store.counts;
  const dash = "—";
  return (
    <div className="grid grid-cols-2 gap-3" data-testid="wall-counts">
      <Kpi label={t("kpi.machines")} value={c ? fmtInt(c.total) : fmtInt(machines)} testId="kpi-total" />
      <Kpi label={t("kpi.working")} value={c ? fmtInt(c.running) : dash} tone="success" testId="kpi-running" />
      <Kpi label={t("kpi.idle")} value={c ? fmtInt(c.stopped) : dash} tone="brand" testId="kpi-stopped" />
      <Kpi label={t("kpi.offline")} value={c ? fmtInt(c.offline) : dash} tone="muted" testId="kpi-offline" />
    </div>
  );
}

/** spec §9 online buckets of the screen's machines, from when the hub last heard each (recounted every 10 s). */
export function OnlineBuckets({ store, timeZone }: { store: LiveStore; timeZone: string }) {
  const { t } = useTranslation([WALL, MONITOR]);
  const version = useSyncExternalStore(store.subscribe, store.getStatusVersion, () => 0);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 10_000);
    return () => clearInterval(timer);
  }, []);
  const [counts, setCounts] = useState<Record<OnlineBucket, number> | null>(null);
  useEffect(() => {
    if (store.seq === null) return;
    const now = Date.now();
    const start = startOfTenantDay(now, timeZone);
    const next: Record<OnlineBucket, number> = { minute: 0, today: 0, week: 0, over7: 0, never: 0 };
    for (const v of store.vehicles.values()) next[onlineBucket(v.seen, now, start)]++;
    setCounts(next);
  }, [store, version, tick, timeZone]);
  return (
    <WallPanel title={t("online.title")} testId="wall-online">
      <ul className="grid grid-cols-1 gap-1 text-lg">
        {BUCKETS.map((b) => (
          <li key={b} className="flex justify-between gap-2" data-bucket={b}>
            <span className="truncate text-muted">{t(`${MONITOR}:bucket.${b}`)}</span>
            <span className="tabular-nums">{counts ? fmtInt(counts[b]) : "—"}</span>
          </li>
        ))}
      </ul>
    </WallPanel>
  );
}

/** spec §9 vehicle-age buckets. */
export function AgePanel({ figures }: { figures: WallFigures }) {
  const { t } = useTranslation(WALL);
  return (
    <WallPanel title={t("ages.title")} className="flex-1" testId="wall-ages">
      <WallBars categories={AGE_BUCKETS.map((b) => t(`ages.${b}`))} values={AGE_BUCKETS.map((b) => figures.ages[b])} format={fmtInt} label={t("ages.title")} />
    </WallPanel>
  );
}

/** Today's figures from the roll-ups (the hub flushes them each minute). */
export function TodayKpis({ figures }: { figures: WallFigures }) {
  const { t } = useTranslation(WALL);
  return (
    <div className="grid shrink-0 grid-cols-5 gap-3" data-testid="wall-today">
      <Kpi label={t("kpi.engineToday")} value={fmt1(figures.todayFigures.engineHours)} tone="brand" testId="kpi-engine" />
      <Kpi label={t("kpi.workedToday")} value={fmtInt(figures.todayFigures.working)} testId="kpi-worked" />
      <Kpi label={t("kpi.kmToday")} value={fmt1(figures.todayFigures.km)} testId="kpi-km" />
      <Kpi label={t("kpi.sites")} value={fmtInt(figures.sites)} testId="kpi-sites" />
      <Kpi label={t("kpi.alarms24h")} value={fmtInt(figures.alarms.total)} tone={figures.alarms.total ? "danger" : undefined} testId="kpi-alarms" />
    </div>
  );
}

/** The last 10 days' engine hours (spec §9). */
export function TrendPanel({ figures }: { figures: WallFigures }) {
  const { t } = useTranslation(WALL);
  return (
    <WallPanel title={t("trend.title")} className="flex-1" testId="wall-trend">
      <WallBars categories={figures.trend.map((d, i) => trendDayLabel(d.day, i))} values={figures.trend.map((d) => d.engineHours)} format={(v) => String(Math.round(v))} label={`${t("trend.title")} · ${t("trend.hours")}`} />
    </WallPanel>
  );
}

/** The last 24 hours' alarms by kind: at most four charted, the rest as 其他 (spec §5). */
export function AlarmPanel({ figures }: { figures: WallFigures }) {
  const { t, i18n } = useTranslation(WALL);
  const kinds = figures.alarms.kinds;
  const max = Math.max(1, ...kinds.map((k) => k.count));
  return (
    <WallPanel title={t("alarms.title")} className="flex-1" testId="wall-alarm-kinds">
      {kinds.length === 0 ? (
        <p className="flex h-full items-center justify-center text-lg text-muted">{t("alarms.none")}</p>
      ) : (
        <ul className="flex h-full flex-col justify-center gap-3" aria-label={t("alarms.title")}>
          {kinds.map((k) => {
            const name = k.kind === "other" ? t("alarms.other") : ALARM_KINDS[k.kind] ? labelIn(ALARM_KINDS[k.kind]!, i18n.language) : k.kind;
            return (
              <li key={k.kind} className="grid grid-cols-[1.4rem_minmax(0,1fr)_0.6rem] items-center gap-2 text-lg" data-kind={k.kind}>
                <span className="truncate text-muted" title={name}>
                  {name}
                </span>
                <span className="h-[0.2rem] rounded-sm bg-line">
                  <span className="block h-full rounded-sm bg-warning" style={{ width: `${(k.count / max) * 100}%` }} />
                </span>
                <span className="text-right tabular-nums">{fmtInt(k.count)}</span>
              </li>
            );
          })}
        </ul>
      )}
    </WallPanel>
  );
}
