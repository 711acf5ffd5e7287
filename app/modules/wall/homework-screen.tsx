import { useTranslation } from "react-i18next";
import { AgePanel, AlarmPanel, LiveCounts, OnlineBuckets, TodayKpis, TrendPanel } from "./fleet-panels";
import { useWallLive } from "./use-wall-live";
import { useWallRefresh } from "./use-wall-refresh";
import { WallFrame } from "./wall-frame";
import { WallMap } from "./wall-map";
import type { WallFigures } from "./wall";
import { WALL } from "./texts/wall";

export interface HomeworkData {
  figures: WallFigures;
  /** what the screen shows: the link's name, or the user's organisation */
  subtitle: string | null;
  /** the screen link's token (a screen opened without an account), or null */
  link: string | null;
  light: boolean;
}

/**
 * 作业大屏: work now. The machines working, standing and offline on a live map and in counts (the hub), the online
 * and age buckets, today's engine hours, machines worked, km, sites active and the last 24 hours' alarms, the last
 * 10 days' hours and the alarms by kind (the business database, again each minute).
 */
export function HomeworkScreen({ data }: { data: HomeworkData }) {
  const { t } = useTranslation(WALL);
  const { figures } = data;
  const { store, connection, heardAt } = useWallLive(data.link);
  useWallRefresh();
  return (
    <WallFrame title={t("homework.title")} subtitle={data.subtitle} connection={connection} heardAt={heardAt} timeZone={figures.timeZone} light={data.light} testId="homework-screen">
      <div className="grid h-full grid-cols-[3.84rem_minmax(0,1fr)_4.16rem] gap-4">
        <div className="flex min-h-0 flex-col gap-4">
          <LiveCounts store={store} machines={figures.vehicles.length} />
          <OnlineBuckets store={store} timeZone={figures.timeZone} />
          <AgePanel figures={figures} />
        </div>
        <div className="flex min-h-0 flex-col gap-4">
          <TodayKpis figures={figures} />
          <div className="relative min-h-0 flex-1 overflow-hidden rounded-lg border border-line">
            <WallMap store={store} config={figures.mapConfig} icons={figures.icons} dark={!data.light} />
            {figures.vehicles.length === 0 && <p className="absolute inset-x-0 top-1/2 text-center text-2xl text-muted">{t("empty")}</p>}
          </div>
        </div>
        <div className="flex min-h-0 flex-col gap-4">
          <TrendPanel figures={figures} />
          <AlarmPanel figures={figures} />
        </div>
      </div>
    </WallFrame>
  );
}
