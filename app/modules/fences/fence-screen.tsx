import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useCloseAfterSubmit } from "~/lib/use-close-after-submit";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { WIDGETS_MAP } from "~/i18n/screen/widgets-map";
import { Alert, Button, Field, FieldNotes } from "~/ui/field";
import { Dialog } from "~/ui/dialog";
import { startDrawing, type DrawMode, type DrawnShape } from "~/widgets/map/draw";
import { MapView, type MapHandle } from "~/widgets/map/map-view";
import { FENCE_TYPES, SCREEN, type FenceRow, type LineRow } from "./fence.resource";
import type { FenceActionData, fenceLoader } from "./fence.server";
import { addFenceLayers, fenceShape, fitShape, showDraft, showFences, TYPE_COLOURS } from "./fence-map";
import { FENCES } from "~/modules/fences/texts/fences";
import { useMessage } from "~/i18n/message";
import { LinkButton } from "~/ui/button";
import { Badge } from "~/ui/badge";
import { Tabs } from "~/ui/tabs";
import { controlClass } from "~/ui/input";

type Kind = "fence" | "line";
type Data = Awaited<ReturnType<typeof fenceLoader>>;
type Confirm = { intent: "delete" | "state"; kind: Kind; row: FenceRow | LineRow };

/** Fields each form shows its own message under; any other refusal is shown at the top of the form. */
const FENCE_FIELDS = ["name", "fenceType", "shape", "coordinates", "alarmIn", "speedLimit", "period1Start", "period1End", "period2Start", "period2End", "dwellSeconds", "level", "vehicleIds"];
const LINE_FIELDS = ["name", "startName", "endName", "path", "bufferMeters", "dwellSeconds", "level", "vehicleIds"];

const inputClass = `h-9 ${controlClass}`;

/** /fenceManage: fences and lines drawn on the map, listed beside it, edited in a side form. */
export function FenceScreen() {
  const data = useLoaderData<typeof fenceLoader>();
  const action = useActionData<FenceActionData>();
  const { t } = useTranslation([FENCES, "resource"]);
  // the server's refusals are message keys ("ns:key")
  const tx = useMessage();
  const [params, setParams] = useSearchParams();
  // a refused save keeps its form open (and its tab), whatever the address says
  const refusedSave = action?.values.intent === "save" ? action : null;
  const tab: Kind = refusedSave ? refusedSave.kind : params.get("tab") === "lines" ? "line" : "fence";
  const sel = Number(params.get("sel")) || null;
  const edit = params.get("edit");
  const done = params.get("done");
  const [handle, setHandle] = useState<MapHandle | null>(null);
  const [query, setQuery] = useState("");
  const [confirm, setConfirm] = useState<Confirm | null>(null);

  const rows: (FenceRow | LineRow)[] = tab === "fence" ? data.fences : data.lines;
  const editKey = refusedSave ? String(refusedSave.values.id || "new") : edit;
  const editing: FenceRow | LineRow | "new" | null = editKey === "new" ? "new" : editKey ? (rows.find((r) => r.id === Number(editKey)) ?? null) : null;
  const selected = sel ? { kind: tab, id: sel } : null;
  const hidden = editing && editing !== "new" ? { kind: tab, id: editing.id } : null;

  const go = useCallback(
    (change: Record<string, string | null>) => {
      const next = new URLSearchParams(params);
      next.delete("done");
      for (const [k, v] of Object.entries(change)) (v === null ? next.delete(k) : next.set(k, v));
      setParams(next, { preventScrollReset: true });
    },
    [params, setParams],
  );

  useEffect(() => {
    if (handle) showFences(handle, data.fences, data.lines, selected, hidden);
  }, [handle, data.fences, data.lines, selected?.kind, selected?.id, hidden?.id, hidden?.kind]); // eslint-disable-line react-hooks/exhaustive-deps -- selected and hidden are new objects each render; their fields are what counts

  // a deep link (?sel=…, or the page after a save) shows the selected fence or route once the map is there
  useEffect(() => {
    const row = sel ? rows.find((r) => r.id === sel) : undefined;
    if (handle && row && !editing) fitShape(handle, "path" in row ? { shape: "line", coordinates: row.path } : fenceShape(row));
  }, [handle]); // eslint-disable-line react-hooks/exhaustive-deps -- once, when the map is there, as said above

  const locate = (row: FenceRow | LineRow) => {
    go({ sel: String(row.id) });
    if (handle) fitShape(handle, "path" in row ? { shape: "line", coordinates: row.path } : fenceShape(row));
  };

  const shown = rows.filter((r) => !query.trim() || r.name.toLowerCase().includes(query.trim().toLowerCase()));
  const doneText = done && ["saved", "deleted", "enabled", "stopped"].includes(done) ? t(`flash.${done}` as "flash.saved") : null;

  return (
    <div className="flex h-full min-h-[520px] flex-col gap-3">
      <h1 className="text-lg font-semibold text-ink">{t("title")}</h1>
      <div className="flex min-h-0 flex-1 gap-3">
      <aside className="flex w-[380px] shrink-0 flex-col rounded-md border border-line bg-panel" aria-label={t("title")}>
        {editing ? (
          <EditPanel key={`${tab}-${editKey}`} kind={tab} row={editing === "new" ? null : editing} data={data} action={action?.kind === tab ? action : undefined} handle={handle} onClose={() => go({ edit: null })} />
        ) : (
          <>
            <Tabs
              id="fence-tabs"
              label={t("title")}
              fill
              value={tab}
              onValueChange={(k) => go({ tab: k === "fence" ? "fences" : "lines", sel: null })}
              items={(["fence", "line"] as const).map((k) => ({ value: k, label: `${t(k === "fence" ? "tabs.fences" : "tabs.lines")} (${(k === "fence" ? data.fences : data.lines).length})` }))}
            />
            <div className="flex gap-2 p-3">
              <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder={t("search")} aria-label={t("search")} className={inputClass} />
              {data.can.add ? (
                <Button type="button" onClick={() => go({ edit: "new", sel: null })} className="shrink-0">
                  {t(tab === "fence" ? "add.fence" : "add.line")}
                </Button>
              ) : null}
            </div>
            {doneText ? (
              <div className="px-3">
                <Alert tone="success">{doneText}</Alert>
              </div>
            ) : null}
            {action?.errors.form ? (
              <div className="px-3">
                <Alert tone="error">{tx(action.errors.form)}</Alert>
              </div>
            ) : null}
            <ul className="min-h-0 flex-1 overflow-auto" aria-label={t(tab === "fence" ? "tabs.fences" : "tabs.lines")}>
              {shown.length === 0 ? <li className="p-6 text-center text-sm text-muted">{rows.length ? t("empty.search") : t(tab === "fence" ? "empty.fences" : "empty.lines")}</li> : null}
              {shown.map((row) => (
                <li key={row.id} className={`border-b border-line px-3 py-2 ${sel === row.id ? "bg-brand/10" : ""}`}>
                  <button type="button" onClick={() => locate(row)} className="block w-full text-left" aria-current={sel === row.id ? "true" : undefined}>
                    <span className="flex items-center gap-2">
                      {"fenceType" in row ? <span aria-hidden className="inline-block h-3 w-3 rounded-sm" style={{ background: TYPE_COLOURS[row.fenceType] }} /> : null}
                      <span className="font-medium text-ink">{row.name}</span>
                      <Badge tone={row.state ? "success" : "neutral"} className="ml-auto">{t(`state.${row.state ? "1" : "0"}` as "state.1")}</Badge>
                    </span>
                    <span className="mt-0.5 block text-xs text-muted">
                      {"fenceType" in row
                        ? `${t(`type.${row.fenceType}` as "type.site")} · ${t(`shape.${row.shape}` as "shape.polygon")}${row.shape === "circle" ? ` ${row.radius} m` : ""} · ${t("field.boundCount")} ${t("bound", { count: row.boundCount })}`
                        : `${row.startName} → ${row.endName} · ${t("field.boundCount")} ${t("bound", { count: row.boundCount })}`}
                    </span>
                  </button>
                  {data.can.edit || data.can.delete ? (
                    <span className="mt-1 flex gap-3 text-sm">
                      {data.can.edit ? (
                        <>
                          <button type="button" className="text-brand" onClick={() => go({ edit: String(row.id), sel: String(row.id) })}>
                            {t("action.edit")}
                          </button>
                          <button type="button" className={row.state ? "text-danger" : "text-success"} onClick={() => setConfirm({ intent: "state", kind: tab, row })}>
                            {t(row.state ? "action.stop" : "action.enable")}
                          </button>
                        </>
                      ) : null}
                      {data.can.delete ? (
                        <button type="button" className="text-danger" onClick={() => setConfirm({ intent: "delete", kind: tab, row })}>
                          {t("action.delete")}
                        </button>
                      ) : null}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        )}
      </aside>
      <MapView
        config={data.config}
        className="min-w-0 flex-1 rounded-md border border-line"
        onReady={(h) => {
          addFenceLayers(h);
          setHandle(h);
        }}
      />
      </div>
      {confirm ? <ConfirmDialog confirm={confirm} onClose={() => setConfirm(null)} /> : null}
    </div>
  );
}

function ConfirmDialog({ confirm, onClose }: { confirm: Confirm; onClose: () => void }) {
  const { t } = useTranslation([FENCES, "resource"]);
  const busy = useCloseAfterSubmit(onClose);
  const { row, intent, kind } = confirm;
  const text = intent === "delete" ? t("confirm.delete", { name: row.name }) : t(row.state ? "confirm.stop" : "confirm.enable", { name: row.name });
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={t(intent === "delete" ? "action.delete" : row.state ? "action.stop" : "action.enable")} width="4.2rem">
      <Form method="post" action={`${SCREEN}?tab=${kind === "fence" ? "fences" : "lines"}`}>
        <p className="mb-4 text-sm text-ink">{text}</p>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="id" value={row.id} />
        <input type="hidden" name="version" value={row.version} />
        {intent === "state" ? <input type="hidden" name="state" value={row.state ? "0" : "1"} /> : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t("resource:cancel")}
          </Button>
          <Button type="submit" variant={intent === "delete" || row.state ? "danger" : "primary"} autoFocus disabled={busy}>
            {t("resource:confirm")}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}

/** Initial geometry of the form: what the server sent back after a refusal, else the row's own. */
function initialShape(kind: Kind, row: FenceRow | LineRow | null, posted?: Record<string, unknown>): DrawnShape | null {
  if (posted) {
    try {
      const coordinates = JSON.parse(String(posted[kind === "fence" ? "coordinates" : "path"] ?? "")) as [number, number][];
      if (!Array.isArray(coordinates) || !coordinates.length) return null;
      if (kind === "line") return { shape: "line", coordinates };
      const shape = String(posted.shape);
      if (shape === "circle") return { shape: "circle", coordinates: [coordinates[0]!], radius: Number(posted.radius) || 0 };
      return { shape: shape === "rectangle" ? "rectangle" : "polygon", coordinates };
    } catch {
      return null;
    }
  }
  if (!row) return null;
  return "path" in row ? { shape: "line", coordinates: row.path } : fenceShape(row);
}

function EditPanel({ kind, row, data, action, handle, onClose }: { kind: Kind; row: FenceRow | LineRow | null; data: Data; action?: FenceActionData; handle: MapHandle | null; onClose: () => void }) {
  const { t } = useTranslation([FENCES, "resource", "widgets"]);
  const { t: tw } = useTranslation(WIDGETS_MAP);
  // the server's refusals are message keys ("ns:key")
  const tx = useMessage();
  const navigation = useNavigation();
  const posted = action?.values;
  const errors = action?.errors ?? {};
  const err = (k: string) => (errors[k] ? tx(errors[k]!) : null);
  const fence = kind === "fence" ? (row as FenceRow | null) : null;
  const line = kind === "line" ? (row as LineRow | null) : null;
  const v = (k: string, fallback: unknown) => (posted && k in posted ? String(posted[k]) : fallback === null || fallback === undefined ? "" : String(fallback));
  const [shape, setShape] = useState<DrawnShape | null>(() => initialShape(kind, row, posted));
  const [mode, setMode] = useState<DrawMode>(kind === "line" ? "line" : ((v("shape", fence?.shape ?? "polygon") as DrawMode) ?? "polygon"));
  const [drawing, setDrawing] = useState(false);
  const [hint, setHint] = useState<{ radiusM?: number; tooLarge?: boolean } | null>(null);
  const [radius, setRadius] = useState(() => v("radius", fence?.radius ?? ""));
  const stopDrawing = useRef<(() => void) | null>(null);
  const [bound, setBound] = useState<Set<number>>(() => new Set(posted ? [] : (row?.vehicleIds ?? [])));
  const [vehicleQuery, setVehicleQuery] = useState("");

  useEffect(() => {
    if (!handle) return;
    showDraft(handle, shape && shape.shape === "circle" ? { ...shape, radius: Number(radius) || shape.radius } : shape);
  }, [handle, shape, radius]);
  useEffect(() => {
    if (handle && shape) fitShape(handle, shape);
    return () => {
      stopDrawing.current?.();
      if (handle) showDraft(handle, null);
    };
  }, [handle]); // eslint-disable-line react-hooks/exhaustive-deps -- once per map: fit the shape being edited, clear the draft when the map goes

  const draw = () => {
    if (!handle) return;
    stopDrawing.current?.();
    setDrawing(true);
    setHint(null);
    stopDrawing.current = startDrawing(handle, mode, {
      onDone: (s) => {
        setDrawing(false);
        setHint(null);
        setShape(s);
        if (s.shape === "circle") setRadius(String(s.radius));
        stopDrawing.current = null;
      },
      onCancel: () => {
        setDrawing(false);
        setHint(null);
        stopDrawing.current = null;
      },
      onHint: setHint,
    });
  };

  const coordinates = shape ? JSON.stringify(shape.coordinates) : "";
  const vehicles = useMemo(() => {
    const q = vehicleQuery.trim().toLowerCase();
    return q ? data.vehicles.filter((x) => x.plate.toLowerCase().includes(q) || (x.terminalNo ?? "").toLowerCase().includes(q)) : data.vehicles;
  }, [data.vehicles, vehicleQuery]);
  const drawHint = ({ polygon: "hintPolygon", rectangle: "hintRectangle", circle: "hintCircle", line: "hintLine" } as const)[mode];

  return (
    <Form method="post" className="flex min-h-0 flex-1 flex-col" onKeyDown={(e) => e.key === "Escape" && !drawing && onClose()}>
      <h2 className="border-b border-line px-4 py-3 text-base font-semibold text-ink">{t(row ? (kind === "fence" ? "edit.fence" : "edit.line") : kind === "fence" ? "add.fence" : "add.line")}</h2>
      <div className="min-h-0 flex-1 overflow-auto px-4 py-3">
        {errors.form ? <Alert tone="error">{tx(errors.form)}</Alert> : null}
        {Object.entries(errors)
          .filter(([k]) => k !== "form" && !(kind === "fence" ? FENCE_FIELDS : LINE_FIELDS).includes(k) && !(k === "radius" && mode === "circle"))
          .map(([k, message]) => (
            <Alert key={k} tone="error">
              {tx(message)}
            </Alert>
          ))}
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="kind" value={kind} />
        {row ? <input type="hidden" name="id" value={row.id} /> : null}
        {row ? <input type="hidden" name="version" value={row.version} /> : null}
        <Field id="f-name" name="name" label={t("field.name")} defaultValue={v("name", row?.name)} maxLength={30} required error={err("name")} autoFocus />

        {kind === "fence" ? (
          <>
            <Select id="f-type" name="fenceType" label={t("field.fenceType")} defaultValue={v("fenceType", fence?.fenceType ?? "site")} error={err("fenceType")} options={FENCE_TYPES.map((k) => [k, t(`type.${k}` as "type.site")])} />
            <fieldset className="mb-4">
              <legend className="mb-1 text-sm font-medium text-ink">{t("field.shape")}</legend>
              <div className="flex gap-3">
                {(["polygon", "rectangle", "circle"] as const).map((s) => (
                  <label key={s} className="flex items-center gap-1 text-sm text-ink">
                    <input type="radio" name="shape" value={s} checked={mode === s} onChange={() => setMode(s)} disabled={drawing} />
                    {t(`shape.${s}`)}
                  </label>
                ))}
              </div>
            </fieldset>
            <input type="hidden" name="coordinates" value={mode === (shape?.shape ?? mode) ? coordinates : ""} />
          </>
        ) : (
          <>
            <Field id="f-start" name="startName" label={t("field.startName")} defaultValue={v("startName", line?.startName)} maxLength={50} required error={err("startName")} />
            <Field id="f-end" name="endName" label={t("field.endName")} defaultValue={v("endName", line?.endName)} maxLength={50} required error={err("endName")} />
            <input type="hidden" name="path" value={coordinates} />
          </>
        )}

        <div className="mb-4 rounded-md border border-dashed border-line p-3">
          <div className="flex items-center gap-2">
            <Button type="button" variant="ghost" onClick={draw} disabled={!handle || drawing} aria-describedby="f-draw-hint">
              {t(shape ? "action.redraw" : "action.draw")}
            </Button>
            <span className="text-sm text-muted" data-testid="geometry-state">
              {shape && (kind === "line" || shape.shape === mode) ? `${t("field.geometry")} ✓ ${shape.shape === "circle" ? `${radius || shape.radius} m` : `${shape.coordinates.length}`}` : ""}
            </span>
          </div>
          <p id="f-draw-hint" className="mt-2 text-xs text-muted" aria-live="polite">
            {drawing ? tw(`map.draw.${drawHint}`) : t(kind === "fence" ? "hint.draw" : "hint.drawLine")}
            {drawing && hint?.radiusM !== undefined ? ` · ${tw("map.draw.radius", { m: hint.radiusM })}` : ""}
            {hint?.tooLarge ? <span className="block text-danger">{tw("map.draw.tooLarge")}</span> : null}
          </p>
          <FieldNotes id="f-geometry" error={err("coordinates") ?? err("path") ?? err("shape")} />
        </div>

        {kind === "fence" && mode === "circle" ? <Field id="f-radius" name="radius" type="number" min={1} max={10000} step={1} label={t("field.radius")} value={radius} onChange={(e) => setRadius(e.target.value)} error={err("radius")} /> : null}

        {kind === "fence" ? (
          <>
            <div className="mb-4 flex gap-6">
              <Check name="alarmIn" label={t("field.alarmIn")} defaultChecked={posted ? posted.alarmIn === "1" : (fence?.alarmIn ?? 1) === 1} />
              <Check name="alarmOut" label={t("field.alarmOut")} defaultChecked={posted ? posted.alarmOut === "1" : (fence?.alarmOut ?? 1) === 1} />
            </div>
            <FieldNotes id="f-alarms" error={err("alarmIn")} />
            <Field id="f-speed" name="speedLimit" type="number" min={1} max={200} label={t("field.speedLimit")} defaultValue={v("speedLimit", fence?.speedLimit)} error={err("speedLimit")} />
            {([1, 2] as const).map((n) => (
              <fieldset key={n} className="mb-4">
                <legend className="mb-1 text-sm font-medium text-ink">{t(`field.period${n}`)}</legend>
                <div className="flex items-center gap-2">
                  <input type="time" name={`period${n}Start`} aria-label={`${t(`field.period${n}`)} ${t("field.periodStart")}`} defaultValue={v(`period${n}Start`, fence?.[`period${n}Start` as const])} className={inputClass} aria-invalid={errors[`period${n}Start`] ? true : undefined} />
                  <span className="text-muted">–</span>
                  <input type="time" name={`period${n}End`} aria-label={`${t(`field.period${n}`)} ${t("field.periodEnd")}`} defaultValue={v(`period${n}End`, fence?.[`period${n}End`])} className={inputClass} aria-invalid={errors[`period${n}End`] ? true : undefined} />
                </div>
                <FieldNotes id={`f-period${n}`} hint={n === 1 ? t("hint.periods") : undefined} error={err(`period${n}Start`) ?? err(`period${n}End`)} />
              </fieldset>
            ))}
          </>
        ) : (
          <>
            <Field id="f-buffer" name="bufferMeters" type="number" min={10} max={5000} label={t("field.bufferMeters")} defaultValue={v("bufferMeters", line?.bufferMeters ?? 200)} error={err("bufferMeters")} />
            <div className="mb-4">
              <Check name="offRouteAlarm" label={t("field.offRouteAlarm")} defaultChecked={posted ? posted.offRouteAlarm === "1" : (line?.offRouteAlarm ?? 1) === 1} />
            </div>
          </>
        )}
        <Field id="f-dwell" name="dwellSeconds" type="number" min={0} max={3600} step={1} label={t("field.dwellSeconds")} hint={t("hint.dwell")} defaultValue={v("dwellSeconds", row?.dwellSeconds ?? 30)} error={err("dwellSeconds")} />
        <div className="grid grid-cols-2 gap-3">
          <Select id="f-level" name="level" label={t("field.level")} defaultValue={v("level", row?.level ?? 2)} error={err("level")} options={["1", "2", "3"].map((l) => [l, t(`level.${l}` as "level.1")])} />
          <Select id="f-state" name="state" label={t("field.state")} defaultValue={v("state", row?.state ?? 1)} options={["1", "0"].map((s) => [s, t(`state.${s}` as "state.1")])} />
        </div>

        <fieldset className="mb-2">
          <legend className="mb-1 text-sm font-medium text-ink">
            {t("field.vehicles")} ({bound.size})
          </legend>
          <div className="mb-2 flex gap-2">
            <input type="search" value={vehicleQuery} onChange={(e) => setVehicleQuery(e.target.value)} placeholder={t("hint.vehicleSearch")} aria-label={t("hint.vehicleSearch")} className={inputClass} />
            <Button type="button" variant="ghost" onClick={() => setBound(new Set([...bound, ...vehicles.map((x) => x.id)]))}>
              {t("action.selectAll")}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setBound(new Set())}>
              {t("action.clear")}
            </Button>
          </div>
          <ul className="max-h-48 overflow-auto rounded-md border border-line">
            {vehicles.map((x) => (
              <li key={x.id}>
                <label className="flex items-center gap-2 px-2 py-1 text-sm text-ink hover:bg-brand/5">
                  <input
                    type="checkbox"
                    checked={bound.has(x.id)}
                    onChange={(e) => {
                      const next = new Set(bound);
                      if (e.target.checked) next.add(x.id);
                      else next.delete(x.id);
                      setBound(next);
                    }}
                  />
                  {x.plate} <span className="text-xs text-muted">{x.terminalNo}</span>
                </label>
              </li>
            ))}
          </ul>
          {[...bound].map((id) => (
            <input key={id} type="hidden" name="vehicleIds" value={id} />
          ))}
          <FieldNotes id="f-vehicles" hint={bound.size ? undefined : t("hint.vehiclesNone")} error={err("vehicleIds")} />
        </fieldset>
      </div>
      <div className="flex justify-end gap-2 border-t border-line px-4 py-3">
        <LinkButton to={`${SCREEN}?tab=${kind === "fence" ? "fences" : "lines"}${row ? `&sel=${row.id}` : ""}`}>
          {t("action.cancel")}
        </LinkButton>
        <Button type="submit" disabled={navigation.state !== "idle" || drawing}>
          {t("action.save")}
        </Button>
      </div>
    </Form>
  );
}

function Select({ id, name, label, defaultValue, options, error }: { id: string; name: string; label: string; defaultValue: string; options: [string, string][]; error?: string | null }) {
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      <select id={id} name={name} defaultValue={defaultValue} className={inputClass} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      <FieldNotes id={id} error={error} />
    </div>
  );
}

function Check({ name, label, defaultChecked }: { name: string; label: string; defaultChecked: boolean }) {
  return (
    <label className="flex items-center gap-2 text-sm text-ink">
      <input type="checkbox" name={name} value="1" defaultChecked={defaultChecked} />
      {label}
    </label>
  );
}
