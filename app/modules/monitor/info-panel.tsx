import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import type { LiveStore } from "./live-store";
import { Link } from "@remix-run/react";
import { displayStatus, onlineBucket, startOfTenantDay, STATUS_COLOURS, type MonitorVehicle, type CertificateMark, type OverdueMark } from "./monitor";
import { optionLabel } from "~/lib/list/types";
import { CERTIFICATE_KINDS } from "~/modules/certificates/certificate.resource";
import { MONITOR } from "~/modules/monitor/texts/monitor";
import { formatInZone } from "~/lib/tenant-clock";
import { useTimeZone } from "~/lib/use-time-zone";
import { faultListText } from "~/modules/alarms/alarm-detail";
import { useJ1939Names } from "~/modules/alarms/use-j1939-names";

interface Props {
  store: LiveStore;
  vehicle: MonitorVehicle | undefined;
  /** the machine is on rent under an overdue contract */
  overdue?: OverdueMark;
  /** a mandatory certificate of the machine has expired */
  certificate?: CertificateMark;
  id: number;
  follow: boolean;
  onFollow: (on: boolean) => void;
  onLocate: () => void;
  onClose: () => void;
}

const fixed = (n: number | null | undefined, digits: number) => (n === null || n === undefined ? null : Number(n.toFixed(digits)).toString());

/** The selected vehicle's live telemetry; re-renders only when that vehicle changes. Esc (handled by the screen) closes it. */
export function InfoPanel({ store, vehicle, overdue, certificate, id, follow, onFollow, onLocate, onClose }: Props) {
  const { t, i18n } = useTranslation(MONITOR);
  useSyncExternalStore(
    store.subscribe,
    () => store.revOf(id),
    () => 0,
  );
  const v = store.get(id);
  const names = useJ1939Names(Boolean(v?.faults?.length));
  const timeZone = useTimeZone();
  const when = (ms: number | null | undefined) =>
    ms ? formatInZone(ms, timeZone, i18n.language, { dateStyle: "short", timeStyle: "medium" }) : t("panel.unknown");
  const unit = (key: "kmh" | "km" | "percent" | "rpm" | "volt" | "celsius" | "degree", value: string | null) => (value === null ? t("panel.unknown") : t(`units.${key}`, { value }));
  const status = displayStatus(v);
  const now = Date.now();
  const bucket = onlineBucket(v?.seen ?? null, now, startOfTenantDay(now, timeZone));
  const plate = v?.plate || vehicle?.[1] || String(id);
  const rows: [string, string][] = [
    [t("panel.terminalNo"), v?.terminalNo || vehicle?.[2] || t("panel.unknown")],
    [t("panel.selfNo"), v?.selfNo ?? vehicle?.[3] ?? t("panel.unknown")],
    [t("panel.online"), t(`bucket.${bucket}`)],
    [t("panel.position"), v?.lng !== null && v?.lng !== undefined && v.lat !== null ? `${v.lng.toFixed(6)}, ${v.lat.toFixed(6)}` : t("panel.noPosition")],
    [t("panel.speed"), unit("kmh", fixed(v?.speed, 1))],
    [t("panel.heading"), unit("degree", fixed(v?.heading, 0))],
    [t("panel.mileage"), unit("km", fixed(v?.mileage, 1))],
    [t("panel.fuel"), unit("percent", fixed(v?.fuel, 1))],
    [t("panel.rpm"), unit("rpm", fixed(v?.rpm, 0))],
    [t("panel.torque"), unit("percent", fixed(v?.torque, 0))],
    [t("panel.urea"), unit("percent", fixed(v?.urea, 1))],
    [t("panel.exhaustTemp"), unit("celsius", fixed(v?.exhaustTemp, 0))],
    [t("panel.battery"), unit("volt", fixed(v?.battery, 1))],
    [t("panel.acc"), v?.acc === null || v?.acc === undefined ? t("panel.unknown") : v.acc ? t("panel.on") : t("panel.off")],
    [t("panel.lock"), v?.lock === null || v?.lock === undefined ? t("panel.unknown") : t(`panel.lockStates.${v.lock}`, { defaultValue: String(v.lock) })],
    [t("panel.alarm"), v?.alarm ? t("panel.yes") : t("panel.no")],
    [t("panel.faults"), v?.faults?.length ? faultListText(v.faults, i18n.language, names) : t("panel.no")],
    [t("panel.reportTime"), when(v?.t)],
    [t("panel.seen"), when(v?.seen)],
  ];
  return (
    <section aria-labelledby="vehicle-panel-title" className="absolute right-3 top-3 z-10 flex max-h-[calc(100%-1.5rem)] w-80 flex-col rounded-lg border border-line bg-panel shadow-lg" data-testid="vehicle-panel">
      <header className="flex items-center gap-2 border-b border-line px-3 py-2">
        <span aria-hidden className="inline-block size-3 rounded-full" style={{ background: STATUS_COLOURS[status] }} />
        <h2 id="vehicle-panel-title" className="truncate text-base font-semibold text-ink">
          {plate}
        </h2>
        <span className="text-xs text-muted" data-testid="vehicle-panel-status">
          {t(`status.${v?.alarm ? "alarm" : (v?.status ?? "never")}`)}
        </span>
        <button type="button" onClick={onClose} aria-label={t("panel.close")} className="ml-auto rounded px-2 text-lg leading-none text-muted hover:bg-canvas focus-visible:outline-2 focus-visible:outline-brand">
          ×
        </button>
      </header>
      {overdue ? (
        <div role="note" className="border-b border-danger/30 bg-danger/10 px-3 py-2 text-sm text-danger" data-testid="vehicle-panel-overdue">
          <p className="font-medium">{t("overdue.days", { number: overdue.number, days: overdue.days })}</p>
          {overdue.stopApprovedOn ? <p>{t("overdue.stopApproved", { on: overdue.stopApprovedOn })}</p> : null}
          {overdue.contractId !== null ? (
            <Link to={`/overdueContract/contract?id=${overdue.contractId}`} className="underline hover:no-underline">
              {t("overdue.open")}
            </Link>
          ) : null}
        </div>
      ) : null}
      {certificate ? (
        <div role="note" className="border-b border-warning/30 bg-warning/10 px-3 py-2 text-sm text-warning" data-testid="vehicle-panel-certificate">
          <p className="font-medium">{t("certificate.expired", { kind: optionLabel(CERTIFICATE_KINDS, certificate.kind, i18n.language), number: certificate.number, day: certificate.expiresOn })}</p>
          {certificate.id !== null ? (
            <Link to={`/certificate/form?id=${certificate.id}`} className="underline hover:no-underline">
              {t("certificate.open")}
            </Link>
          ) : null}
        </div>
      ) : null}
      <div className="flex gap-2 border-b border-line px-3 py-2">
        <button
          type="button"
          aria-pressed={follow}
          onClick={() => onFollow(!follow)}
          className={`rounded-md border px-2.5 py-1 text-sm focus-visible:outline-2 focus-visible:outline-brand ${follow ? "border-brand bg-brand text-white" : "border-line text-ink hover:bg-canvas"}`}
        >
          {follow ? t("panel.following") : t("panel.follow")}
        </button>
        <button type="button" onClick={onLocate} className="rounded-md border border-line px-2.5 py-1 text-sm text-ink hover:bg-canvas focus-visible:outline-2 focus-visible:outline-brand">
          {t("panel.locate")}
        </button>
      </div>
      <dl className="grid min-h-0 grid-cols-[auto_1fr] gap-x-3 gap-y-1 overflow-auto px-3 py-2 text-sm" data-testid="vehicle-panel-fields">
        {rows.map(([k, value]) => (
          <div key={k} className="contents">
            <dt className="text-muted">{k}</dt>
            <dd className="break-words text-ink tabular-nums" suppressHydrationWarning>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
