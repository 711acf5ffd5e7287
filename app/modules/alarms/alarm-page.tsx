import { Form, Link, useActionData, useLoaderData, useLocation, useNavigate, useNavigation, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useMessage } from "~/i18n/message";
import type { AlarmEvent } from "../../../workers/fleet-hub/protocol";
import { labelOf, listHref, type ListQuery } from "~/lib/list/types";
import { Alert, Button, FieldNotes } from "~/ui/field";
import { DataTable } from "~/widgets/data-table";
import { SearchBar } from "~/widgets/search-bar";
import { formatCell } from "~/lib/list/format";
import { useTimeZone } from "~/lib/use-time-zone";
import type { AlarmActionData, alarmLoader } from "./alarm-route.server";
import { ALARM_LEVELS } from "~/lib/alarm-levels";
import { ALARM_COLUMNS, ALARM_FILTERS, ALARM_KINDS, ALARM_PATH, alarmRange, HANDLE_NOTE_MAX, positionText, speedText, type AlarmRow } from "./alarm.view";
import { useAlarmSound, useLiveAlarms, type LiveConnection } from "./use-live-alarms";
import { alarmDetailText } from "./alarm-detail";
import { useJ1939Names } from "./use-j1939-names";
import { ALARMS } from "~/modules/alarms/texts/alarms";
import { LinkButton } from "~/ui/button";
import { Textarea } from "~/ui/input";

type LoaderData = Awaited<ReturnType<typeof alarmLoader>>["data"];
/** after a pushed alarm, wait for the hub's flush (about a second) before reading the list again */
const REFRESH_AFTER_MS = 2500;

/** Does a pushed alarm belong on the page the user is looking at (page 1, newest first, within the filters)? */
function fitsView(a: AlarmEvent, q: ListQuery, timeZone: string): boolean {
  if (q.page !== 1 || (q.sort === "at" && q.order === "asc")) return false;
  const f = q.filters;
  const range = alarmRange(f, Date.now(), timeZone);
  if (range.error || a.at < range.from || a.at > range.to) return false;
  if (f.level && Number(f.level) !== a.level) return false;
  if (f.kind && f.kind !== a.kind) return false;
  if (f.state && f.state !== "0") return false;
  if (f.vehicleId && Number(f.vehicleId) !== a.vehicleId) return false;
  if (f.q && !a.plate.toLowerCase().includes(f.q.toLowerCase())) return false;
  return true;
}

let provisionalId = 0;
const provisionalRow = (a: AlarmEvent): AlarmRow => ({
  id: -++provisionalId,
  hubKey: a.key,
  version: 0,
  vehicleId: a.vehicleId,
  plate: a.plate,
  terminalNo: "",
  kind: a.kind,
  level: a.level,
  at: a.at,
  speed: a.speed === null ? null : Math.round(a.speed),
  speedText: speedText(a.speed),
  position: positionText(a.lng, a.lat),
  // written as a sentence when shown (alarmDetailText), in the page's language
  detailText: null,
  detail: a.detail,
  handleState: 0,
  handleNote: null,
  handlerName: null,
  handledAt: null,
  handledAtText: null,
  pending: true,
});

/**
 * 告警信息 (/alarmMessage) and the device alarm screen (?vehicleId=): the filtered, paged list, handling one alarm or
 * a batch in a confirmation dialog, and new alarms arriving over the hub's socket without a reload.
 */
export function AlarmPage() {
  const data = useLoaderData<LoaderData>();
  const action = useActionData<AlarmActionData>();
  const { t, i18n } = useTranslation(ALARMS);
  const { t: tc } = useTranslation();
  const message = useMessage();
  const lang = i18n.language;
  const timeZone = useTimeZone();
  const { search } = useLocation();
  const revalidator = useRevalidator();
  const formAction = `${ALARM_PATH}${search}`;
  const back = listHref(ALARM_PATH, data.query);

  // alarms pushed by the hub: shown at the top when they fit this page, else counted in the banner
  const [live, setLive] = useState<AlarmRow[]>([]);
  const [waiting, setWaiting] = useState<AlarmEvent[]>([]);
  const [announcement, setAnnouncement] = useState("");
  const [sound, setSound, beep] = useAlarmSound();
  const soundRef = useRef(sound);
  soundRef.current = sound;
  const queryRef = useRef(data.query);
  queryRef.current = data.query;
  const refresh = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(refresh.current), []);

  const onAlarms = useCallback(
    (alarms: AlarmEvent[]) => {
      const fitting = alarms.filter((a) => fitsView(a, queryRef.current, timeZone));
      if (fitting.length) setLive((have) => [...fitting.map(provisionalRow).reverse(), ...have.filter((r) => !fitting.some((a) => a.key === r.hubKey))]);
      if (alarms.length > fitting.length) setWaiting((have) => [...have, ...alarms.filter((a) => !fitting.includes(a))]);
      const last = alarms[alarms.length - 1]!;
      const level = ALARM_LEVELS.find((l) => l.value === String(last.level));
      setAnnouncement(t("announce", { plate: last.plate, kind: labelOf(ALARM_KINDS[last.kind] ?? { zh: last.kind, en: last.kind }, lang), level: level ? labelOf(level.label, lang) : last.level }));
      if (soundRef.current) beep();
      // the saved rows (with their ids and the right total) replace the provisional ones once the hub has flushed
      clearTimeout(refresh.current);
      if (fitting.length) refresh.current = setTimeout(() => revalidator.revalidate(), REFRESH_AFTER_MS);
    },
    [t, lang, timeZone, beep, revalidator],
  );
  const connection = useLiveAlarms(onAlarms);

  // rows the list now holds are no longer provisional; a new query starts afresh
  const listed = useMemo(() => new Set(data.rows.map((r) => r.hubKey)), [data.rows]);
  const shownLive = live.filter((r) => !listed.has(r.hubKey));
  // another query (e.g. 查看 from the banner): alarms still waiting that fit it show at once, even before the hub's save
  const queryKey = back;
  const waitingRef = useRef(waiting);
  waitingRef.current = waiting;
  const firstQuery = useRef(true);
  useEffect(() => {
    if (firstQuery.current) {
      firstQuery.current = false;
      return;
    }
    const fitting = waitingRef.current.filter((a) => fitsView(a, queryRef.current, timeZone));
    setLive(fitting.map(provisionalRow).reverse());
    setWaiting(waitingRef.current.filter((a) => !fitting.includes(a)));
    clearTimeout(refresh.current);
    if (fitting.length) refresh.current = setTimeout(() => revalidator.revalidate(), REFRESH_AFTER_MS);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs for a new query only
  }, [queryKey]);

  // a pushed fault names its SPN/FMI once the dictionary chunk has loaded (by number until then)
  const names = useJ1939Names(shownLive.some((r) => r.kind === "fault"));
  const rows: AlarmRow[] = [...shownLive.map((r) => ({ ...r, detailText: alarmDetailText(r.kind, r.detail, { lang, at: r.at, timeZone, names }) })), ...data.rows];
  const filters = ALARM_FILTERS.map((f) => (f.key === "vehicleId" ? { ...f, options: data.vehicleOptions } : f));
  const title = data.vehicle ? t("vehicleTitle", { plate: data.vehicle.plate }) : t("title");

  return (
    <div className="p-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold text-ink">{title}</h1>
        <LiveStatus connection={connection} sound={sound} setSound={setSound} />
      </div>
      <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="alarm-announcer">
        {announcement}
      </div>
      {data.flash === "saved" ? <Alert tone="success">{tc("operationSuccess")}</Alert> : null}
      {action?.intent === "refused" ? <Alert tone="error">{message(action.error)}</Alert> : null}
      {data.rangeError ? <Alert tone="error">{t(data.rangeError)}</Alert> : null}
      <SearchBar path={ALARM_PATH} filters={filters} query={data.query} />
      {waiting.length > 0 ? (
        <div role="status" className="mb-3 flex items-center gap-3 rounded-md border border-brand/40 bg-panel px-3 py-2 text-sm text-brand" data-testid="new-alarms">
          <span>{t("newAlarms", { count: waiting.length })}</span>
          <Link to={listHref(ALARM_PATH, { ...data.query, page: 1, sort: null, order: "desc", filters: { vehicleId: data.query.filters.vehicleId ?? "" } })} className="font-medium underline">
            {t("show")}
          </Link>
        </div>
      ) : null}
      {data.can.edit ? (
        <Form method="post" action={formAction} id="alarm-rows" className="mb-3 flex gap-2">
          <Button type="submit" name="intent" value="confirmHandle" variant="ghost">
            {t("batchHandle")}
          </Button>
        </Form>
      ) : null}
      <DataTable
        path={ALARM_PATH}
        columns={ALARM_COLUMNS}
        rows={rows}
        total={data.total + shownLive.length}
        query={data.query}
        formId={data.can.edit ? "alarm-rows" : undefined}
        rowLabel={(r) => `${r.plate} ${formatCell(ALARM_COLUMNS[0]!, r.at, lang, timeZone).text}`}
        rowActions={(r) =>
          r.pending ? (
            <span className="text-muted">{t("pending")}</span>
          ) : (
            <span className="flex gap-3">
              {data.can.edit && r.handleState === 0 ? (
                <Form method="post" action={formAction}>
                  <input type="hidden" name="ids" value={r.id} />
                  <button type="submit" name="intent" value="confirmHandle" className="text-brand hover:underline">
                    {t("handle")}
                  </button>
                </Form>
              ) : null}
              {data.can.raise && r.kind === "fault" ? (
                // a fault becomes an issue of its machine (异常上报), its SPN/FMI in words; opened on its page
                <Form method="post" action="/abnormalReport/fromAlarm">
                  <input type="hidden" name="alarmId" value={r.id} />
                  <button type="submit" className="text-brand hover:underline" data-testid="raise-issue">
                    {t("raiseIssue")}
                  </button>
                </Form>
              ) : null}
            </span>
          )
        }
      />
      {action?.intent === "confirmHandle" || action?.intent === "handle" ? <HandleDialog key={JSON.stringify(action)} action={action} back={back} formAction={formAction} /> : null}
    </div>
  );
}

function LiveStatus({ connection, sound, setSound }: { connection: LiveConnection; sound: boolean; setSound: (on: boolean) => void }) {
  const { t } = useTranslation(ALARMS);
  const dot = { open: "bg-success", connecting: "bg-muted", offline: "bg-danger" }[connection];
  const label = { open: t("live"), connecting: t("liveConnecting"), offline: t("liveOffline") }[connection];
  return (
    <div className="flex items-center gap-3 text-sm">
      <span className="flex items-center gap-1.5 text-muted" data-testid="live-status" data-state={connection}>
        <span aria-hidden className={`inline-block h-2 w-2 rounded-full ${dot}`} />
        {label}
      </span>
      <button type="button" aria-pressed={sound} onClick={() => setSound(!sound)} title={t("sound")} className="h-8 rounded-md border border-line bg-panel px-3 text-ink hover:border-brand hover:text-brand aria-pressed:border-brand aria-pressed:text-brand">
        <svg aria-hidden viewBox="0 0 24 24" className="mr-1 inline-block h-4 w-4 align-[-3px]" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
          {sound ? null : <path d="M3 3l18 18" />}
        </svg>
        {sound ? t("soundOn") : t("soundOff")}
      </button>
    </div>
  );
}

/** 告警处理: the result (已处理 needs a description, or 误报) for the alarms listed, at the versions shown. */
function HandleDialog({ action, back, formAction }: { action: Extract<AlarmActionData, { intent: "confirmHandle" | "handle" }>; back: string; formAction: string }) {
  const { t, i18n } = useTranslation(ALARMS);
  const { t: tr } = useTranslation("resource");
  const message = useMessage();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const lang = i18n.language;
  const timeZone = useTimeZone();
  const errors = action.intent === "handle" ? action.errors : {};
  const values = action.intent === "handle" ? action.values : { state: "1", note: "" };
  const first = useRef<HTMLInputElement>(null);
  const note = useRef<HTMLTextAreaElement>(null);
  useEffect(() => (errors.note ? note.current?.focus() : first.current?.focus()), [errors.note]);
  const labels = action.targets.slice(0, 10).map((a) => `${a.plate} ${labelOf(ALARM_KINDS[a.kind] ?? { zh: a.kind, en: a.kind }, lang)} ${formatCell(ALARM_COLUMNS[0]!, a.at, lang, timeZone).text}`);
  const more = action.targets.length > 10 ? ` …` : "";
  const busy = navigation.state === "submitting";
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="handle-title"
      className="fixed inset-0 z-40 flex items-center justify-center bg-black/30"
      onKeyDown={(e) => {
        if (e.key === "Escape") navigate(back, { preventScrollReset: true });
      }}
      data-testid="handle-dialog"
    >
      <Form method="post" action={formAction} className="w-[560px] max-w-[92vw] rounded-lg border border-line bg-panel p-5 shadow-xl" noValidate>
        <h2 id="handle-title" className="mb-2 text-base font-semibold text-ink">
          {t("handleTitle")}
        </h2>
        <p className="mb-4 break-all text-sm text-muted">{t("handleWhat", { count: action.targets.length, labels: labels.join("、") + more })}</p>
        {errors.form ? <Alert tone="error">{message(errors.form)}</Alert> : null}
        <input type="hidden" name="intent" value="handle" />
        {action.targets.map((a) => (
          <span key={a.id}>
            <input type="hidden" name="ids" value={a.id} />
            <input type="hidden" name={`version_${a.id}`} value={a.version} />
          </span>
        ))}
        <fieldset className="mb-4" aria-describedby={errors.state ? "handle-state-error" : undefined}>
          <legend className="mb-1 text-sm font-medium text-ink">{t("handleState")}</legend>
          <div className="flex gap-6">
            <label className="flex items-center gap-1.5 text-sm text-ink">
              <input ref={first} type="radio" name="state" value="1" defaultChecked={values.state === "1"} />
              {t("handled")}
            </label>
            <label className="flex items-center gap-1.5 text-sm text-ink">
              <input type="radio" name="state" value="2" defaultChecked={values.state === "2"} />
              {t("misreport")}
            </label>
          </div>
          {errors.state ? (
            <p id="handle-state-error" className="mt-1 text-sm text-danger">
              {message(errors.state)}
            </p>
          ) : null}
        </fieldset>
        <label htmlFor="handle-note" className="mb-1 block text-sm font-medium text-ink">
          {t("note")}
        </label>
        <Textarea
          ref={note}
          id="handle-note"
          name="note"
          defaultValue={values.note}
          maxLength={HANDLE_NOTE_MAX}
          placeholder={t("notePlaceholder")}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={`handle-note-hint${errors.note ? " handle-note-error" : ""}`}
          className="h-24"
        />
        <FieldNotes id="handle-note" hint={t("noteHint")} error={errors.note ? message(errors.note) : null} />
        <div className="mt-4 flex justify-end gap-2">
          <LinkButton to={back} preventScrollReset>
            {tr("cancel")}
          </LinkButton>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t("saving") : tr("confirm")}
          </Button>
        </div>
      </Form>
    </div>
  );
}
