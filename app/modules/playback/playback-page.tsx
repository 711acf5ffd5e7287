import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { withQuery } from "~/lib/navigation";
import { Alert } from "~/ui/field";
import type { playbackLoader } from "./playback.server";
import { Player } from "./player";
import { checkRange, DAY_MS, formatLocalTime, parseLocalTime, type RangeError } from "./track";
import { dayOf } from "~/lib/tenant-clock";
import { dayStartMs } from "~/lib/tenant-days";
import { useTimeZone } from "~/lib/use-time-zone";
import { PLAYBACK } from "~/modules/playback/texts/playback";
import { Button } from "~/ui/button";
import { boxClass } from "~/ui/input";

const isRangeError = (e: string): e is `range.${RangeError}` => e.startsWith("range.");

const HOUR = 3600_000;
const input = `${boxClass} h-9 px-2 text-base`;

/** Quick ranges ending now (the server's clock at render time). */
function quickRanges(now: number, labels: [string, string, string, string], timeZone: string) {
  const end = Math.ceil(now / 60_000) * 60_000;
  const midnight = dayStartMs(dayOf(now, timeZone), timeZone)!;
  return [
    { label: labels[0], from: end - HOUR, to: end },
    { label: labels[1], from: midnight, to: end },
    { label: labels[2], from: end - DAY_MS, to: end },
    { label: labels[3], from: end - 7 * DAY_MS, to: end },
  ].map((r) => ({ ...r, fromText: formatLocalTime(r.from, false, timeZone), toText: formatLocalTime(r.to, false, timeZone) }));
}

/** /historyTrack, /workPlayBack and /replayDetail/:id: the query (vehicle and range) and the player. */
export function PlaybackPage({ title }: { title: string }) {
  const data = useLoaderData<typeof playbackLoader>();
  const { t } = useTranslation(PLAYBACK);
  const navigation = useNavigation();
  const timeZone = useTimeZone();
  const fullscreen = data.screen === "/replayDetail/:id";
  const [clientError, setClientError] = useState<string | null>(null);
  const answer = data.answer;
  const rangeError = answer?.status === "error" && isRangeError(answer.error) ? answer.error : null;
  const params = (extra: Record<string, string>) => {
    const sp = new URLSearchParams();
    if (!fullscreen && data.vehicleId) sp.set("vehicle", String(data.vehicleId));
    if (data.q) sp.set("q", data.q);
    for (const [k, v] of Object.entries(extra)) sp.set(k, v);
    return sp.toString();
  };
  const base = fullscreen ? `/replayDetail/${data.vehicleId}` : data.screen;

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    const form = new FormData(e.currentTarget);
    // the search button only refreshes the list of vehicles
    if ((e.nativeEvent as SubmitEvent).submitter?.getAttribute("value") === "search") return setClientError(null);
    const bad = checkRange(parseLocalTime(String(form.get("from") ?? ""), timeZone), parseLocalTime(String(form.get("to") ?? ""), timeZone));
    if (bad) {
      e.preventDefault();
      setClientError(t(`range.${bad}`));
    } else setClientError(null);
  };
  const shownRangeError = clientError ?? (rangeError ? t(rangeError) : null);

  return (
    <div className={fullscreen ? "flex min-h-screen flex-col gap-3 bg-canvas p-4" : "space-y-3"}>
      <div className="flex flex-wrap items-end gap-3 rounded-lg border border-line bg-panel p-3">
        <h1 className="mr-2 self-center text-lg font-semibold">
          {title}
          {fullscreen && answer?.vehicle ? <span className="ml-2 text-base font-normal text-muted">{answer.vehicle.plate}</span> : null}
        </h1>
        <Form method="get" action={base} className="flex flex-wrap items-end gap-3" onSubmit={onSubmit} noValidate>
          {!fullscreen ? (
            <>
              <div>
                <label htmlFor="pb-q" className="mb-1 block text-sm text-muted">
                  {t("query.search")}
                </label>
                <div className="flex gap-1">
                  <input id="pb-q" name="q" type="search" defaultValue={data.q} placeholder={t("query.searchPlaceholder")} maxLength={30} className={`${input} w-48`} />
                  <Button type="submit" name="intent" value="search" variant="secondary">
                    {t("query.searchButton")}
                  </Button>
                </div>
              </div>
              <div>
                <label htmlFor="pb-vehicle" className="mb-1 block text-sm text-muted">
                  {t("query.vehicle")}
                </label>
                <select id="pb-vehicle" name="vehicle" defaultValue={data.vehicleId ?? ""} className={`${input} w-56`} key={data.vehicleId ?? ""}>
                  <option value="">{data.vehicles.length ? t("query.chooseVehicle") : t("query.noVehicles")}</option>
                  {data.vehicles.map((v) => (
                    <option key={v.id} value={v.id}>
                      {v.plate} · {v.terminalNo}
                      {v.selfNo ? ` · ${v.selfNo}` : ""}
                    </option>
                  ))}
                </select>
              </div>
            </>
          ) : null}
          <div>
            <label htmlFor="pb-from" className="mb-1 block text-sm text-muted">
              {t("query.from")}
            </label>
            <input id="pb-from" name="from" type="datetime-local" defaultValue={data.fromText} key={`f${data.fromText}`} required className={input} aria-invalid={shownRangeError ? true : undefined} aria-describedby="pb-range-hint" />
          </div>
          <div>
            <label htmlFor="pb-to" className="mb-1 block text-sm text-muted">
              {t("query.to")}
            </label>
            <input id="pb-to" name="to" type="datetime-local" defaultValue={data.toText} key={`t${data.toText}`} required className={input} aria-invalid={shownRangeError ? true : undefined} aria-describedby="pb-range-hint" />
          </div>
          <Button type="submit" disabled={navigation.state === "loading"}>
            {t("query.submit")}
          </Button>
        </Form>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          {quickRanges(data.now, [t("query.lastHour"), t("query.today"), t("query.last24h"), t("query.last7d")], timeZone).map((r) => (
            <Link key={r.label} to={withQuery(base, params({ from: r.fromText, to: r.toText }))} className="rounded-md border border-line px-2 py-1 hover:border-brand hover:text-brand" suppressHydrationWarning>
              {r.label}
            </Link>
          ))}
          {!fullscreen && answer?.status === "ok" ? (
            <Link to={withQuery(`/replayDetail/${answer.vehicle.id}`, new URLSearchParams({ from: data.fromText, to: data.toText }).toString())} target="_blank" className="rounded-md border border-line px-2 py-1 hover:border-brand hover:text-brand">
              {t("player.openFull")} ↗
            </Link>
          ) : null}
        </div>
        <p id="pb-range-hint" className={`w-full text-sm ${shownRangeError ? "text-danger" : "text-muted"}`} role={shownRangeError ? "alert" : undefined}>
          {shownRangeError ?? t("query.rangeHint")}
        </p>
      </div>

      {answer === null ? (
        <Empty text={t("empty.pick")} />
      ) : answer.status === "error" ? (
        rangeError ? null : (
          <Alert tone="error">{t(`errors.${answer.error as "vehicle" | "hub"}`)}</Alert>
        )
      ) : answer.track.t.length === 0 ? (
        <Empty text={t("empty.noTrack")} />
      ) : (
        <Player
          key={`${answer.vehicle.id}:${answer.from}:${answer.to}`}
          config={data.mapConfig}
          track={answer.track}
          stops={answer.stops}
          alarms={answer.alarms}
          summary={answer.summary}
          total={answer.total}
          mapClassName={fullscreen ? "h-[calc(100vh-330px)] min-h-[420px]" : "h-[520px]"}
        />
      )}
    </div>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <div className="flex h-64 items-center justify-center rounded-lg border border-dashed border-line bg-panel text-muted" data-testid="playback-empty">
      {text}
    </div>
  );
}
