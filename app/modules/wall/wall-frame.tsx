import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatZonedTime } from "~/lib/tenant-clock";
import type { Connection } from "~/modules/monitor/live-store";
import { isStale } from "./wall";
import { WALL } from "./texts/wall";

const DOT: Record<Connection, string> = { connecting: "bg-slate-400", open: "bg-green-500", reconnecting: "bg-amber-400", offline: "bg-red-500" };

/**
 * A big screen's frame: the whole window and nothing more (no scrollbars), dark unless asked for light, every size in
 * rem of a root font that follows the window (tailwind.css, `.wall-screen`: 100 px at 1920×1080, 200 at
 * 3840×2160, 66.7 at 1280×720), so one layout fits the three. The header names the screen and what it shows, and keeps the
 * time, the link's state and 'data as of': the last time the hub was heard, amber once older than a minute.
 */
export function WallFrame({ title, subtitle, connection, heardAt, timeZone, light, children, testId }: { title: string; subtitle?: ReactNode; connection: Connection; heardAt: number | null; timeZone: string; light?: boolean; children: ReactNode; testId: string }) {
  const { t } = useTranslation(WALL);
  const now = useNow();
  const stale = now !== null && isStale(heardAt, now);
  return (
    <div className={`wall-screen fixed inset-0 flex flex-col overflow-hidden bg-canvas text-ink ${light ? "theme1" : "theme2 dark"}`} data-testid={testId}>
      <header className="flex h-16 shrink-0 items-center gap-4 border-b border-line bg-panel px-6">
        <div className="min-w-0 flex-1 truncate text-base text-muted">{subtitle}</div>
        <h1 className="shrink-0 text-[0.36rem] font-semibold tracking-wide">{title}</h1>
        <div className="flex min-w-0 flex-1 items-center justify-end gap-4 text-base">
          <span className="flex items-center gap-2 text-muted" role="status" data-testid="wall-connection" data-state={connection}>
            <span aria-hidden className={`inline-block size-3 rounded-full ${DOT[connection]}`} />
            {t(`connection.${connection}`)}
          </span>
          <span data-testid="wall-as-of" data-stale={stale ? "1" : "0"} title={stale ? t("stale") : undefined} className={`tabular-nums ${stale ? "rounded bg-amber-500/20 px-2 text-amber-400" : "text-muted"}`}>
            {heardAt === null ? t("asOfNone") : t("asOf", { time: formatZonedTime(heardAt, timeZone, true).slice(11) })}
          </span>
          <span className="tabular-nums text-xl" suppressHydrationWarning>
            {now === null ? "" : formatZonedTime(now, timeZone, true).replace("T", " ")}
          </span>
        </div>
      </header>
      <main className="min-h-0 flex-1 p-4">{children}</main>
    </div>
  );
}

/** The time, ticking each second after hydration (null on the server: no clock in the HTML to disagree with). */
export function useNow(): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** A titled block of a screen. */
export function WallPanel({ title, children, className = "", testId }: { title: string; children: ReactNode; className?: string; testId?: string }) {
  return (
    <section className={`flex min-h-0 flex-col rounded-lg border border-line bg-panel p-3 ${className}`} data-testid={testId}>
      <h2 className="mb-2 shrink-0 text-lg font-medium text-muted">{title}</h2>
      <div className="min-h-0 flex-1">{children}</div>
    </section>
  );
}

/** One figure with its name. */
export function Kpi({ label, value, tone, testId }: { label: string; value: string | number; tone?: "success" | "brand" | "muted" | "danger" | "warning"; testId?: string }) {
  const colour = tone === "success" ? "text-success" : tone === "brand" ? "text-brand" : tone === "danger" ? "text-danger" : tone === "warning" ? "text-warning" : tone === "muted" ? "text-muted" : "text-ink";
  return (
    <div className="flex min-w-0 flex-col justify-center rounded-lg border border-line bg-panel px-3 py-2" data-testid={testId}>
      <span className="truncate text-base text-muted">{label}</span>
      <span className={`truncate text-[0.34rem] leading-tight font-semibold tabular-nums ${colour}`}>{value}</span>
    </div>
  );
}
