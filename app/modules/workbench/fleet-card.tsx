import { useTranslation } from "react-i18next";
import { WORKBENCH } from "~/modules/workbench/texts/workbench";
import type { FleetCounts } from "../../../workers/fleet-hub/protocol";
import type { HubSocketStatus } from "~/modules/hub-client/open-hub-socket";
import { LinkButton } from "~/ui/button";
import { Card } from "~/ui/card";
import { Empty } from "~/ui/empty";

const SEGMENTS = [
  { key: "running", bar: "bg-success" },
  { key: "stopped", bar: "bg-brand" },
  { key: "offline", bar: "bg-line" },
] as const;

/**
 * 今日车队: online (running + stopped) and offline, live from the hub's counters for the user's scope. Until the
 * socket answers the figures show a dash, never a guess; the vehicle count comes with the page.
 */
export function FleetCard({ vehicles, counts, connection, canRegister }: { vehicles: number; counts: FleetCounts | null; connection: HubSocketStatus; canRegister: boolean }) {
  const { t } = useTranslation(WORKBENCH);
  const total = counts?.total ?? vehicles;
  const figure = (n: number | undefined) => (counts && n !== undefined ? n : "—");
  return (
    <Card id="fleet" title={t("home.fleet")} extra={<LinkButton to="/equipmentMonitor" size="sm" variant="link">{t("home.openMonitor")}</LinkButton>} data-testid="fleet">
      {total === 0 ? (
        <Empty action={canRegister ? <LinkButton to="/deviceList?new=1" size="sm">{t("home.addVehicles")}</LinkButton> : null}>{t("home.noVehicles")}</Empty>
      ) : (
        <>
          <p className="text-sm text-muted">{t("home.fleetVehicles", { count: total })}</p>
          <dl className="mt-3 grid grid-cols-2 gap-3" aria-live="polite">
            <Figure id="online" label={t("home.online")} value={figure(counts ? counts.running + counts.stopped : undefined)} strong />
            <Figure id="running" label={t("home.running")} value={figure(counts?.running)} />
            <Figure id="stopped" label={t("home.stopped")} value={figure(counts?.stopped)} />
            <Figure id="offline" label={t("home.offline")} value={figure(counts?.offline)} />
          </dl>
          {counts && counts.total > 0 ? (
            <div className="mt-4 flex h-2 overflow-hidden rounded-full bg-canvas" role="img" aria-label={`${t("home.fleetShare")}: ${SEGMENTS.map((s) => `${t(`home.${s.key}`)} ${counts[s.key]}`).join(", ")}`}>
              {SEGMENTS.map((s) => (counts[s.key] ? <span key={s.key} className={s.bar} style={{ width: `${(counts[s.key] / counts.total) * 100}%` }} /> : null))}
            </div>
          ) : null}
          <p className="mt-3 min-h-5 text-xs text-muted" data-testid="fleet-live" data-state={connection}>
            {connection === "open" ? (counts?.alarm ? `${t("home.alarming")} ${counts.alarm}` : null) : connection === "offline" ? t("home.liveOffline") : t("home.liveConnecting")}
          </p>
        </>
      )}
    </Card>
  );
}

function Figure({ id, label, value, strong = false }: { id: string; label: string; value: number | string; strong?: boolean }) {
  return (
    <div className="rounded-md bg-canvas px-3 py-2">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className={`mt-0.5 text-2xl font-semibold tabular-nums ${strong ? "text-success" : ""}`} data-testid={`fleet-${id}`}>
        {value}
      </dd>
    </div>
  );
}
