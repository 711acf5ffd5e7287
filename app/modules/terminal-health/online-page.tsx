import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatInZone } from "~/lib/tenant-clock";
import { useTimeZone } from "~/lib/use-time-zone";
import { Badge, type BadgeTone } from "~/ui/badge";
import { Alert } from "~/ui/field";
import { HeadRow, Row, Table, Td, Th } from "~/ui/table";
import { CLASS_ORDER, type TerminalClass } from "./online";
import type { OnlineFilter, OnlineRow } from "./online.server";
import { StateTabs } from "./state-tabs";
import { TERMINAL_HEALTH } from "./texts/terminalHealth";

interface OnlineData {
  filter: OnlineFilter;
  onRentOnly: boolean;
  hubAvailable: boolean;
  silentHours: number;
  total: number;
  counts: Record<TerminalClass, number>;
  alarm: number;
  silent: number;
  matched: number;
  rows: OnlineRow[];
}

const TONE: Record<TerminalClass, BadgeTone> = { online: "success", today: "info", day1: "warning", days2to5: "warning", over5: "danger", never: "neutral", unknown: "neutral" };

/** 在线状态: the counts per online class as filter links, and the machines of the class chosen, each linking to its page. */
export function OnlinePage() {
  const d = useLoaderData<OnlineData>();
  const { t, i18n } = useTranslation(TERMINAL_HEALTH);
  const tz = useTimeZone();
  const href = (filter: string | null, onRent = d.onRentOnly) => {
    const q = new URLSearchParams();
    if (filter) q.set("class", filter);
    if (onRent) q.set("rent", "1");
    const s = q.toString();
    return s ? `?${s}` : ".";
  };
  const chip = (key: string | null, label: string, n: number, tone: BadgeTone = "neutral") => {
    const active = d.filter === key;
    return (
      <li key={key ?? "all"}>
        <Link
          to={href(key)}
          aria-current={active ? "true" : undefined}
          className={`flex min-w-28 flex-col rounded-md border px-3 py-2 text-left hover:border-brand focus-visible:outline-2 focus-visible:outline-brand ${active ? "border-brand bg-brand-soft" : "border-line bg-panel"}`}
          data-testid={`class-${key ?? "all"}`}
        >
          <span className="text-xs text-muted">{label}</span>
          <span className={`text-xl font-semibold tabular-nums ${tone === "danger" ? "text-danger" : tone === "warning" ? "text-warning" : tone === "success" ? "text-success" : "text-ink"}`}>{n}</span>
        </Link>
      </li>
    );
  };
  const classes = CLASS_ORDER.filter((c) => c !== "unknown" || d.counts.unknown > 0);
  return (
    <>
      <StateTabs />
      <div className="p-4" data-testid="online-classes">
        <p className="mb-3 text-xs text-muted">{t("online.intro", { hours: d.silentHours })}</p>
        {!d.hubAvailable ? (
          <div className="mb-3">
            <Alert tone="error">{t("online.unavailable")}</Alert>
          </div>
        ) : null}
        <h2 className="sr-only">{t("online.summary")}</h2>
        <ul className="mb-3 flex flex-wrap gap-2" aria-label={t("online.summary")}>
          {chip(null, t("online.all"), d.total)}
          {classes.map((c) => chip(c, t(`classes.${c}`), d.counts[c], TONE[c]))}
          {chip("alarm", t("classes.alarm"), d.alarm, d.alarm ? "danger" : "neutral")}
          {chip("silent", t("online.silent"), d.silent, d.silent ? "danger" : "neutral")}
        </ul>
        <Form method="get" className="mb-3 flex items-center gap-2 text-sm">
          {d.filter ? <input type="hidden" name="class" value={d.filter} /> : null}
          <label className="flex items-center gap-2">
            <input type="checkbox" name="rent" value="1" defaultChecked={d.onRentOnly} onChange={(e) => e.currentTarget.form?.requestSubmit()} className="size-4" />
            {t("online.onRent")}
          </label>
          <noscript>
            <button type="submit" className="rounded border border-line px-2">
              {t("health.filter")}
            </button>
          </noscript>
        </Form>
        <Table testId="online-table">
          <thead>
            <HeadRow>
              <Th>{t("online.plate")}</Th>
              <Th>{t("online.model")}</Th>
              <Th>{t("online.org")}</Th>
              <Th>{t("online.lastHeard")}</Th>
              <Th>{t("online.cls")}</Th>
              <Th>{t("online.rent")}</Th>
              <Th>{t("online.flag")}</Th>
            </HeadRow>
          </thead>
          <tbody>
            {d.rows.length === 0 ? (
              <tr>
                <td colSpan={7} className="px-3 py-6 text-center text-muted">
                  {t("online.empty")}
                </td>
              </tr>
            ) : (
              d.rows.map((r) => (
                <Row key={r.id}>
                  <Td className="whitespace-nowrap">
                    <Link to={`/deviceDetails?id=${r.id}`} className="font-medium text-brand hover:underline">
                      {r.plate}
                    </Link>
                  </Td>
                  <Td>{r.model ?? "—"}</Td>
                  <Td>{r.org ?? "—"}</Td>
                  <Td className="whitespace-nowrap" suppressHydrationWarning>
                    {r.lastDay ? t("online.byDay", { day: r.lastDay }) : r.seen !== null ? formatInZone(r.seen, tz, i18n.language) : "—"}
                  </Td>
                  <Td className="whitespace-nowrap">
                    <Badge tone={TONE[r.cls]} dot>
                      {t(`classes.${r.cls}`)}
                    </Badge>
                    {r.alarm ? (
                      <Badge tone="danger" className="ml-1">
                        {t("classes.alarm")}
                      </Badge>
                    ) : null}
                  </Td>
                  <Td>{r.rent ?? ""}</Td>
                  <Td className="whitespace-nowrap">{r.silent ? <Badge tone="danger">{t("online.silent")}</Badge> : ""}</Td>
                </Row>
              ))
            )}
          </tbody>
        </Table>
        {d.matched > d.rows.length ? <p className="mt-2 text-xs text-muted">{t("online.more", { shown: d.rows.length, total: d.matched })}</p> : null}
      </div>
    </>
  );
}
