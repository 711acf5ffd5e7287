import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { WORKBENCH } from "~/modules/workbench/texts/workbench";
import { formatInZone } from "~/lib/tenant-clock";
import { useTimeZone } from "~/lib/use-time-zone";
import { Badge, type BadgeTone } from "~/ui/badge";
import { LinkButton } from "~/ui/button";
import { Card } from "~/ui/card";
import { Empty } from "~/ui/empty";
import type { AlarmSummary } from "./workbench";

const LEVEL_TONE: BadgeTone[] = ["danger", "warning", "neutral"];
const LEVEL_TEXT = ["text-danger", "text-warning", "text-ink"];

/** The alarm list of one alarm: its vehicle's alarms of that kind on that day, the newest (this one) first. */
export const alarmHref = (a: { vehicleId: number; kind: string }, day: string) => `/alarmMessage?vehicleId=${a.vehicleId}&kind=${encodeURIComponent(a.kind)}&from=${day}&to=${day}`;

/** 今日告警: today's alarms (the tenant's day) by level, and the newest five, each a link to it in the alarm list. */
export function AlarmsCard({ summary, className = "" }: { summary: AlarmSummary; className?: string }) {
  const { t, i18n } = useTranslation(WORKBENCH);
  const timeZone = useTimeZone();
  const total = summary.byLevel[0] + summary.byLevel[1] + summary.byLevel[2];
  return (
    <Card id="alarms-today" title={t("home.alarmsToday")} extra={<LinkButton to="/alarmMessage" size="sm" variant="link">{t("home.allAlarms")}</LinkButton>} className={className} data-testid="alarms-today">
      <ul className="grid grid-cols-3 gap-3">
        {summary.byLevel.map((n, i) => (
          <li key={i}>
            <Link to={`/alarmMessage?level=${i + 1}`} className="block rounded-md bg-canvas px-3 py-2 hover:ring-1 hover:ring-brand focus-visible:outline-2 focus-visible:outline-brand">
              <span className="text-xs text-muted">{t(`home.level${i + 1}` as "home.level1")}</span>
              <span className={`mt-0.5 block text-2xl font-semibold tabular-nums ${n ? LEVEL_TEXT[i] : ""}`} data-testid={`alarms-level-${i + 1}`}>
                {n}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <h3 className="mt-4 text-sm font-medium text-muted">{t("home.newestAlarms")}</h3>
      {total === 0 ? (
        <Empty className="py-6">{t("home.noAlarmsToday")}</Empty>
      ) : (
        <ul className="mt-2 divide-y divide-line" data-testid="newest-alarms">
          {summary.newest.map((a) => (
            <li key={a.id}>
              <Link to={alarmHref(a, summary.today)} className="flex items-center gap-3 rounded-sm py-2 text-sm hover:bg-canvas focus-visible:outline-2 focus-visible:outline-brand">
                <span className="w-12 shrink-0 tabular-nums text-muted" suppressHydrationWarning>
                  {formatInZone(a.at, timeZone, i18n.language, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" })}
                </span>
                <Badge tone={LEVEL_TONE[a.level - 1] ?? "neutral"}>{t(`home.level${a.level}` as "home.level1")}</Badge>
                <span className="shrink-0 font-medium">{a.plate}</span>
                <span className="shrink-0">{a.kindText}</span>
                <span className="min-w-0 flex-1 truncate text-muted" title={a.detailText ?? undefined}>
                  {a.detailText}
                </span>
                {a.handleState === 0 ? <Badge tone="danger">{t("home.unhandled")}</Badge> : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
