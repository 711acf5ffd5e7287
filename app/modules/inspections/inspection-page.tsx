/**
 * 个人巡检's pages (client): the inspector's task list and the record form, built for a phone held in one hand on a
 * site (large touch targets, one column at 390 px, photos compressed before they are sent, a plain form that posts
 * without JavaScript too), and a record as it was filled in, with its retest (复检).
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { plainUnits } from "~/lib/field-codecs";
import { labelOf } from "~/lib/list/types";
import { useMessage } from "~/i18n/message";
import { Badge } from "~/ui/badge";
import { Button, buttonClass } from "~/ui/button";
import { Empty } from "~/ui/empty";
import { Upload } from "~/widgets/upload";
import { PROCEDURE_KINDS } from "./procedure.resource";
import { SignaturePad } from "./signature-pad";
import { INSPECTION } from "./texts/inspection";

export interface TaskCard {
  id: number;
  dueOn: string;
  retestOf: number | null;
  plate: string;
  procedure: string;
  kind: string;
  preUse: number;
}

export interface RecordCard {
  id: number;
  number: string;
  plate: string;
  procedureName: string;
  doneOn: string;
  passed: number;
  failedItems: number;
}

const TAP = "min-h-12 text-base";

/** The task list: today's and overdue tasks as large cards, the unplanned check, the recent records. */
export function TaskList({ today, tasks, records, adhoc }: { today: string; tasks: TaskCard[]; records: RecordCard[]; adhoc: { machines: { value: string; label: string }[]; procedures: { value: string; label: string }[] } | null }) {
  const { t, i18n } = useTranslation(INSPECTION);
  const lang = i18n.language;
  const kindOf = (k: string) => labelOf(PROCEDURE_KINDS.find((o) => o.value === k)?.label ?? { zh: k, en: k }, lang);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4 p-3 sm:p-4">
      <section aria-labelledby="tasks-title" className="flex flex-col gap-2">
        <h2 id="tasks-title" className="text-lg font-medium">
          {t("page.myTasks")} <span className="text-muted">({tasks.length})</span>
        </h2>
        {tasks.length === 0 ? <Empty className="rounded-lg border border-line bg-panel">{t("page.noTasks")}</Empty> : null}
        <ul className="flex flex-col gap-2">
          {tasks.map((task) => (
            <li key={task.id}>
              <Link to={`record?task=${task.id}`} className="flex items-center gap-3 rounded-lg border border-line bg-panel p-4 hover:border-brand focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand">
                <span className="flex min-w-0 flex-1 flex-col gap-1">
                  <span className="truncate text-base font-medium">{task.plate}</span>
                  <span className="truncate text-sm text-muted">
                    {kindOf(task.kind)} · {task.procedure}
                  </span>
                  <span className="flex flex-wrap gap-1">
                    {task.preUse ? <Badge tone="warning">{t("page.preUse")}</Badge> : null}
                    {task.retestOf ? <Badge tone="info">{t("page.retest")}</Badge> : null}
                    {task.dueOn < today ? <Badge tone="danger">{`${t("page.overdue")} ${task.dueOn}`}</Badge> : null}
                  </span>
                </span>
                <span className={buttonClass({ variant: "primary", className: TAP })}>{t("page.start")}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {adhoc ? (
        <section aria-labelledby="adhoc-title" className="rounded-lg border border-line bg-panel p-4">
          <h2 id="adhoc-title" className="text-base font-medium">
            {t("page.adhoc")}
          </h2>
          <p className="mb-3 text-sm text-muted">{t("page.adhocHint")}</p>
          <Form method="get" action="record" className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <label className="flex flex-1 flex-col gap-1 text-sm">
              {t("page.machine")}
              <select name="vehicleId" required className={`rounded-md border border-line bg-panel px-3 ${TAP}`}>
                <option value="">{t("page.choose")}</option>
                {adhoc.machines.map((m) => (
                  <option key={m.value} value={m.value}>
                    {m.label}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-1 flex-col gap-1 text-sm">
              {t("page.procedure")}
              <select name="procedureId" required className={`rounded-md border border-line bg-panel px-3 ${TAP}`}>
                <option value="">{t("page.choose")}</option>
                {adhoc.procedures.map((p) => (
                  <option key={p.value} value={p.value}>
                    {p.label}
                  </option>
                ))}
              </select>
            </label>
            <Button type="submit" variant="secondary" className={TAP}>
              {t("page.start")}
            </Button>
          </Form>
        </section>
      ) : null}

      <section aria-labelledby="records-title" className="flex flex-col gap-2">
        <h2 id="records-title" className="text-lg font-medium">
          {t("page.myRecords")}
        </h2>
        {records.length === 0 ? <Empty className="rounded-lg border border-line bg-panel">{t("page.noRecords")}</Empty> : null}
        <ul className="divide-y divide-line rounded-lg border border-line bg-panel">
          {records.map((r) => (
            <li key={r.id}>
              <Link to={`record?id=${r.id}`} className="flex items-center gap-3 px-4 py-3 hover:bg-canvas focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand">
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate font-medium">{r.plate}</span>
                  <span className="truncate text-sm text-muted">
                    {r.doneOn} · {r.procedureName} · {r.number}
                  </span>
                </span>
                <Badge tone={r.passed ? "success" : "danger"}>{r.passed ? t("page.pass") : t("page.failedCount", { count: r.failedItems })}</Badge>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export interface FormItem {
  name: string;
  itemKind: string;
  standard: string | null;
  unit: string | null;
  minValue: number | null;
  maxValue: number | null;
  choices: string[];
  required: number;
}

/** The range of a reading in words: 0.5 – 1.2 MPa, ≥ 30 %, ≤ 90 °C. */
function rangeText(item: Pick<FormItem, "minValue" | "maxValue" | "unit">): string {
  const unit = item.unit ? ` ${item.unit}` : "";
  const min = item.minValue == null ? null : plainUnits(item.minValue, 1);
  const max = item.maxValue == null ? null : plainUnits(item.maxValue, 1);
  if (min !== null && max !== null) return `${min} – ${max}${unit}`;
  if (min !== null) return `≥ ${min}${unit}`;
  if (max !== null) return `≤ ${max}${unit}`;
  return "";
}

const radio = "peer sr-only";
const choiceBox = `flex ${TAP} flex-1 cursor-pointer items-center justify-center rounded-md border border-line bg-panel px-3 peer-checked:border-brand peer-checked:bg-brand-soft peer-checked:text-brand peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-brand`;

/** The record form: one card an item, answered as its kind says; what the server refused is said at its item. */
export function RecordForm({ machine, procedure, items, values, errors }: { machine: string; procedure: { name: string; revision: number; kind: string }; items: FormItem[]; values: Record<string, string>; errors: Record<string, string> }) {
  const { t, i18n } = useTranslation(INSPECTION);
  const message = useMessage();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const lang = i18n.language;
  const [failed, setFailed] = useState<Record<number, boolean>>(() => Object.fromEntries(items.map((_, i) => [i, values[`items[${i}].value`] === "0"])));
  const errorOf = (key: string) => (errors[key] ? message(errors[key]!) : null);
  return (
    <Form method="post" replace className="mx-auto flex max-w-2xl flex-col gap-3 p-3 sm:p-4" noValidate>
      <input type="hidden" name="intent" value="save" />
      <header className="rounded-lg border border-line bg-panel p-4">
        <h2 className="text-lg font-medium">{machine}</h2>
        <p className="text-sm text-muted">
          {labelOf(PROCEDURE_KINDS.find((o) => o.value === procedure.kind)?.label ?? { zh: "", en: "" }, lang)} · {procedure.name} · {t("page.revision", { revision: procedure.revision })}
        </p>
      </header>
      {errors.form ? (
        <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 p-3 text-danger">
          {message(errors.form)}
        </p>
      ) : Object.keys(errors).length ? (
        <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 p-3 text-danger">
          {t("page.fixErrors")}
        </p>
      ) : null}
      <ol className="flex flex-col gap-3">
        {items.map((item, i) => {
          const name = `items[${i}]`;
          const valueError = errorOf(`${name}.value`);
          const noteError = errorOf(`${name}.note`);
          const titleId = `item-${i}-title`;
          return (
            <li key={i} className={`rounded-lg border bg-panel p-4 ${valueError || noteError ? "border-danger" : "border-line"}`}>
              <fieldset aria-labelledby={titleId} className="flex flex-col gap-3">
                <div>
                  <p id={titleId} className="text-base font-medium">
                    {i + 1}. {item.name} {item.required ? <span className="text-danger" aria-label={t("page.required")}>*</span> : null}
                  </p>
                  {item.standard ? <p className="text-sm text-muted">{item.standard}</p> : null}
                </div>
                {item.itemKind === "pass" ? (
                  <div className="flex gap-2">
                    {(["1", "0"] as const).map((v) => (
                      <label key={v} className="flex flex-1">
                        <input type="radio" name={`${name}.value`} value={v} defaultChecked={values[`${name}.value`] === v} className={radio} onChange={() => setFailed((f) => ({ ...f, [i]: v === "0" }))} />
                        <span className={`${choiceBox} ${v === "0" ? "peer-checked:border-danger peer-checked:bg-danger/10 peer-checked:text-danger" : ""}`}>{v === "1" ? t("page.pass") : t("page.fail")}</span>
                      </label>
                    ))}
                  </div>
                ) : null}
                {item.itemKind === "reading" ? (
                  <label className="flex flex-col gap-1 text-sm">
                    <span>
                      {t("page.reading")}
                      {rangeText(item) ? <span className="text-muted"> · {t("page.range", { range: rangeText(item) })}</span> : null}
                    </span>
                    <span className="flex items-center gap-2">
                      <input
                        name={`${name}.value`}
                        inputMode="decimal"
                        autoComplete="off"
                        defaultValue={values[`${name}.value`] ?? ""}
                        aria-invalid={valueError ? true : undefined}
                        className={`w-full rounded-md border border-line bg-panel px-3 ${TAP}`}
                        onChange={(e) => {
                          const n = Number(e.currentTarget.value.replace(/[,，\s]/g, ""));
                          const out = e.currentTarget.value.trim() !== "" && Number.isFinite(n) && ((item.minValue != null && n * 10 < item.minValue) || (item.maxValue != null && n * 10 > item.maxValue));
                          setFailed((f) => ({ ...f, [i]: out }));
                        }}
                      />
                      {item.unit ? <span className="text-muted">{item.unit}</span> : null}
                    </span>
                  </label>
                ) : null}
                {item.itemKind === "choice" ? (
                  <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                    {item.choices.map((c) => (
                      <label key={c} className="flex">
                        <input type="radio" name={`${name}.value`} value={c} defaultChecked={values[`${name}.value`] === c} className={radio} />
                        <span className={choiceBox}>{c}</span>
                      </label>
                    ))}
                  </div>
                ) : null}
                {item.itemKind === "signature" ? <SignaturePad name={`${name}.photos`} /> : null}
                {valueError ? (
                  <p className="text-sm text-danger" role="alert">
                    {valueError}
                  </p>
                ) : null}
                {item.itemKind !== "signature" ? (
                  <div className="flex flex-col gap-1 text-sm">
                    <span>{t("page.photos")}</span>
                    <Upload name={`${name}.photos`} variant="picture-card" kind="image" limit={item.itemKind === "photo" ? 5 : 3} compress />
                  </div>
                ) : null}
                <label className="flex flex-col gap-1 text-sm">
                  <span>
                    {t("page.note")} {failed[i] ? <span className="text-danger">*</span> : null}
                  </span>
                  <textarea
                    name={`${name}.note`}
                    rows={failed[i] ? 3 : 1}
                    maxLength={200}
                    defaultValue={values[`${name}.note`] ?? ""}
                    placeholder={t("page.notePlaceholder")}
                    aria-invalid={noteError ? true : undefined}
                    className="rounded-md border border-line bg-panel px-3 py-2 text-base"
                  />
                </label>
                {noteError ? (
                  <p className="text-sm text-danger" role="alert">
                    {noteError}
                  </p>
                ) : null}
              </fieldset>
            </li>
          );
        })}
      </ol>
      <label className="flex flex-col gap-1 rounded-lg border border-line bg-panel p-4 text-sm">
        {t("page.remark")}
        <textarea name="remark" rows={2} maxLength={200} defaultValue={values.remark ?? ""} className="rounded-md border border-line bg-panel px-3 py-2 text-base" />
      </label>
      <div className="sticky bottom-0 flex gap-2 border-t border-line bg-canvas/95 py-3">
        <Link to=".." relative="path" className={buttonClass({ variant: "secondary", className: TAP })}>
          {t("page.back")}
        </Link>
        <Button type="submit" className={`flex-1 ${TAP}`} disabled={busy}>
          {busy ? t("page.submitting") : t("page.submit")}
        </Button>
      </div>
    </Form>
  );
}

export interface RecordShown {
  id: number;
  number: string;
  plate: string;
  procedureName: string;
  procedureRevision: number;
  kind: string;
  inspector: string;
  doneOn: string;
  passed: number;
  failedItems: number;
  remark: string | null;
  items: { name: string; standard: string | null; answer: string; passed: number | null; note: string | null; photos: { id: number; name: string; url: string | null }[] }[];
  retest: { id: number; state: number; recordId: number | null } | null;
  abnormalities: { id: number; number: string; title: string; state: number }[];
}

/** A record as it was filled in: each item's answer, its photos; the issues it raised; 发起复检 for a failed one. */
export function RecordView({ record, saved, canRetest, error }: { record: RecordShown; saved: string | null; canRetest: boolean; error: string | null }) {
  const { t } = useTranslation(INSPECTION);
  const message = useMessage();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-3 p-3 sm:p-4">
      {saved !== null ? (
        <p role="status" className={`rounded-md border p-3 ${Number(saved) ? "border-warning/40 bg-warning/10 text-warning" : "border-success/40 bg-success/10 text-success"}`}>
          {Number(saved) ? t("page.saved", { count: Number(saved) }) : t("page.savedPassed")}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 p-3 text-danger">
          {message(error)}
        </p>
      ) : null}
      <header className="flex flex-wrap items-start gap-3 rounded-lg border border-line bg-panel p-4">
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-medium">{record.plate}</h2>
          <p className="text-sm text-muted">
            {record.number} · {record.procedureName} · {t("page.revision", { revision: record.procedureRevision })}
          </p>
          <p className="text-sm text-muted">
            {t("page.inspector")} {record.inspector} · {t("page.doneOn")} {record.doneOn}
          </p>
        </div>
        <Badge tone={record.passed ? "success" : "danger"}>{record.passed ? t("page.pass") : t("page.failedCount", { count: record.failedItems })}</Badge>
      </header>
      <ol className="flex flex-col gap-2">
        {record.items.map((item, i) => (
          <li key={i} className={`rounded-lg border bg-panel p-4 ${item.passed === 0 ? "border-danger/60" : "border-line"}`}>
            <div className="flex items-start gap-2">
              <p className="flex-1 font-medium">
                {i + 1}. {item.name}
              </p>
              {item.passed === null ? null : <Badge tone={item.passed ? "success" : "danger"}>{item.passed ? t("page.pass") : t("page.fail")}</Badge>}
            </div>
            {item.standard ? <p className="text-sm text-muted">{item.standard}</p> : null}
            {item.answer ? <p className="mt-1">{item.answer}</p> : null}
            {item.note ? <p className="mt-1 text-sm">{item.note}</p> : null}
            {item.photos.length ? (
              <ul className="mt-2 flex flex-wrap gap-2">
                {item.photos.map((p) => (
                  <li key={p.id}>{p.url ? <img src={p.url} alt={p.name} className="size-20 rounded-md border border-line object-cover" loading="lazy" /> : <span className="text-sm">{p.name}</span>}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
      {record.remark ? <p className="rounded-lg border border-line bg-panel p-4 text-sm">{record.remark}</p> : null}
      {record.abnormalities.length ? (
        <section aria-labelledby="raised-title" className="rounded-lg border border-line bg-panel p-4">
          <h3 id="raised-title" className="mb-2 font-medium">
            {t("page.raised")}
          </h3>
          <ul className="flex flex-col gap-1">
            {record.abnormalities.map((a) => (
              <li key={a.id}>
                <Link to={`/abnormalReport/form?id=${a.id}`} className="text-brand hover:underline">
                  {a.number} {a.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Link to="/personalInspection" className={buttonClass({ variant: "secondary", className: TAP })}>
          {t("page.back")}
        </Link>
        {record.retest ? (
          record.retest.recordId ? (
            <Link to={`?id=${record.retest.recordId}`} className={buttonClass({ variant: "secondary", className: TAP })}>
              {t("page.retestDone")}
            </Link>
          ) : (
            <Badge tone="info">{t("page.retestAsked")}</Badge>
          )
        ) : !record.passed && canRetest ? (
          <Form method="post" onSubmit={(e) => (window.confirm(t("page.retestConfirm")) ? undefined : e.preventDefault())}>
            <input type="hidden" name="intent" value="retest" />
            <Button type="submit" className={TAP}>
              {t("page.requestRetest")}
            </Button>
          </Form>
        ) : null}
      </div>
    </div>
  );
}
