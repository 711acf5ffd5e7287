/**
 * A declared field as a control on Conform's form (names, ids and messages come from its field metadata, never from
 * strings built here), and the `lines` field as a table of such controls: add, remove and move rows with submit
 * buttons carrying Conform's intents (the server answers them without JavaScript; with it the page applies them at
 * once), a message under each cell, the table's own message (too few rows) under it, and a totals row.
 */
import { parse, useFormMetadata, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useMessage } from "~/i18n/message";
import { centsOf, formatCents } from "~/lib/cents";
import { lineAverage, lineTotals } from "~/lib/field-codecs";
import { labelOf, shownBy, type FormFieldDef } from "~/lib/list/types";
import { Button } from "~/ui/button";
import { Input, NumberInput, Select, Textarea } from "~/ui/input";
import { MoneyInput } from "~/ui/money-input";
import { useHydrated } from "~/widgets/use-hydrated";

/** the upload widget (and its dialog) comes with the first document that has files, not with every form of lines */
const Upload = lazy(() => import("~/widgets/upload").then((m) => ({ default: m.Upload })));

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a generic page renders whatever its declaration names
type Meta = FieldMetadata<any, any, string[]>;
type ListMeta = FieldMetadata<Record<string, unknown>[], Record<string, unknown>, string[]>;
/** A field's choices by key; a choice with a `group` is listed under it (roles, then users). */
export type Choices = Record<string, { value: string; label: string; group?: string; parent?: string }[]>;

const text = (v: unknown) => (v === undefined || v === null ? "" : String(v));

/** A form whose rules are the server's to judge: the page only applies the row buttons at once (Conform's intents). */
export const acceptAll = <T = Record<string, unknown>,>(formData: FormData) => parse<T, string[]>(formData, { resolve: (value) => ({ value: value as T }) });

/**
 * The server's answer as Conform's result: the values to show again and each message (a key) at its field, `form` as
 * the form's own; an answer without messages (a generated plan) only sets the values.
 */
export function answerOf(values: Record<string, unknown>, errors: Record<string, string>): SubmissionResult<string[]> {
  return {
    status: Object.keys(errors).length ? "error" : undefined,
    initialValue: values as SubmissionResult<string[]>["initialValue"],
    error: Object.fromEntries(Object.entries(errors).map(([key, m]) => [key === "form" ? "" : key, [m]])),
  };
}

/** The first message of a field, in the reader's language. */
function useError(meta: Meta): string | undefined {
  const message = useMessage();
  const first = meta.errors?.[0];
  return first ? message(first) : undefined;
}

/** One control for a declared field (no label: the caller gives it one, a cell's header or a label above). */
export function FieldControl({
  field,
  meta,
  choices,
  label,
  files,
  readOnly,
}: {
  field: FormFieldDef;
  meta: Meta;
  choices: Choices;
  label?: string;
  files?: { id: number; name: string; url: string | null }[];
  readOnly?: boolean;
}) {
  const { t, i18n } = useTranslation("resource");
  const error = useError(meta);
  // the head field this select follows, as the form now holds it (null before the page runs, or none chosen)
  const followed = useHeadValues(meta.formId, field.follows ? [field.follows] : [])?.[field.follows ?? ""] || null;
  const common = {
    id: meta.id,
    name: meta.name,
    "aria-label": label,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? meta.errorId : undefined,
    "aria-required": field.required || undefined,
  };
  const initial = text(meta.initialValue);
  // read, not typed: the value as text, posted along unchanged (money with its separators)
  if (field.show === "text")
    return (
      <>
        <span className={`block ${field.type === "money" ? "text-right tabular-nums" : ""} text-ink`}>{field.type === "money" ? formatCents(centsOf(initial)) : initial}</span>
        <input type="hidden" name={meta.name} value={initial} />
      </>
    );
  let control;
  switch (field.type) {
    case "select":
    case "reference": {
      const all: { value: string; label: string; group?: string; parent?: string }[] = field.options?.map((o) => ({ value: o.value, label: labelOf(o.label, i18n.language) })) ?? choices[field.key] ?? [];
      // a choice of another parent goes (a machine of another contract); the one held stays, for the server to judge
      const options = followed ? all.filter((o) => o.parent === undefined || o.parent === followed || o.value === initial) : all;
      const option = (o: { value: string; label: string }) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      );
      if (field.choice === "radios") {
        // one radio a choice, the group named as the cell (设备完好率 评分), each button by its own words
        control = (
          <div key={meta.key} role="radiogroup" id={meta.id} aria-label={label} aria-invalid={error ? true : undefined} aria-describedby={error ? meta.errorId : undefined} className="flex flex-wrap gap-x-3 gap-y-1 pt-1.5">
            {options.map((o) => (
              <label key={o.value} className="flex items-center gap-1 text-sm text-ink">
                <input type="radio" name={meta.name} value={o.value} defaultChecked={initial === o.value} />
                {o.label}
              </label>
            ))}
          </div>
        );
        break;
      }
      const groups = [...new Set(options.map((o) => o.group).filter((g): g is string => Boolean(g)))];
      control = (
        <Select key={meta.key} {...common} defaultValue={initial}>
          <option value="">{t("choose")}</option>
          {options.filter((o) => !o.group).map(option)}
          {groups.map((g) => (
            <optgroup key={g} label={g}>
              {options.filter((o) => o.group === g).map(option)}
            </optgroup>
          ))}
        </Select>
      );
      break;
    }
    case "money":
      control = <MoneyInput key={meta.key} {...common} defaultValue={initial} min={0} max={field.maxValue} />;
      break;
    case "percent":
    case "quantity":
      control = <NumberInput key={meta.key} {...common} defaultValue={initial} decimals />;
      break;
    case "number":
      control = <NumberInput key={meta.key} {...common} defaultValue={initial} />;
      break;
    case "flag":
      control = <input key={meta.key} type="checkbox" {...common} value="1" defaultChecked={initial === "1"} className="h-4 w-4" />;
      break;
    case "textarea":
      control = <Textarea key={meta.key} {...common} defaultValue={initial} maxLength={field.maxLength} rows={2} />;
      break;
    case "files":
      control = (
        <Suspense fallback={null}>
          <Upload name={meta.name} id={meta.id} defaultFiles={files ?? []} readOnly={readOnly} limit={field.limit ?? 20} />
        </Suspense>
      );
      break;
    default:
      control = (
        <Input
          key={meta.key}
          {...common}
          type={field.type === "date" || field.type === "time" || field.type === "tel" || field.type === "email" ? field.type : "text"}
          defaultValue={initial}
          maxLength={field.maxLength}
        />
      );
  }
  return (
    <>
      {control}
      {error ? (
        <p id={meta.errorId} className="mt-1 text-xs text-danger">
          {error}
        </p>
      ) : null}
    </>
  );
}

/**
 * The stored file a line's `files` cell starts with: the loader names it beside the id, as `<key>Name` and `<key>Url`
 * of the row (a supplier's certificate scan: fileId, fileIdName, fileIdUrl).
 */
function lineFiles(row: unknown, key: string): { id: number; name: string; url: string | null }[] {
  const values = (row ?? {}) as Record<string, unknown>;
  const ids = text(values[key]).split(",").filter((id) => /^\d+$/.test(id));
  return ids.map((id, i) => ({ id: Number(id), name: (i === 0 && text(values[`${key}Name`])) || `#${id}`, url: (i === 0 && text(values[`${key}Url`])) || null }));
}

/** A line field posted along but not shown, and its refusal (a question no longer asked) in the row's first cell. */
function HiddenCell({ meta }: { meta: Meta }) {
  const error = useError(meta);
  return (
    <>
      <input type="hidden" name={meta.name} value={text(meta.initialValue)} />
      {error ? (
        <p id={meta.errorId} className="mb-1 text-xs text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

/**
 * The current values of the named head fields while the page runs (null before it does): read from the form's own
 * controls when one changes (a choice made, a text left), whichever widget draws them. Only a real difference
 * re-renders: a render in the middle of typing into a controlled cell (a money input) would put its old value back.
 */
export function useHeadValues(formId: string, names: string[]): Record<string, string> | null {
  const [values, setValues] = useState<Record<string, string> | null>(null);
  const key = names.join(",");
  useEffect(() => {
    const form = document.getElementById(formId) as HTMLFormElement | null;
    if (!form || !key) return;
    const read = () => {
      const data = new FormData(form);
      const next = Object.fromEntries(key.split(",").map((name) => [name, String(data.get(name) ?? "")]));
      setValues((prev) => (prev && Object.keys(next).every((name) => prev[name] === next[name]) ? prev : next));
    };
    read();
    form.addEventListener("change", read);
    return () => form.removeEventListener("change", read);
  }, [formId, key]);
  return values;
}

/**
 * A document's head: its declared fields in a grid (a textarea or a `wide` field two columns), each labelled above
 * with its required mark and its message below. A field with `when` shows only while the named head fields hold one
 * of its values: as the page was drawn (the values it came with), then as they change; a hidden one stays in the page
 * disabled, so it posts nothing and what was typed in it is there when it shows again. `before` and `children` are a
 * document's own cells (a number assigned on save; a map, its uploads).
 */
export function HeadFields({ fields, metas, choices, files, readOnly, before, children }: { fields: readonly FormFieldDef[]; metas: Record<string, Meta>; choices: Choices; files?: { id: number; name: string; url: string | null }[]; readOnly?: boolean; before?: ReactNode; children?: ReactNode }) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const watched = [...new Set(fields.flatMap((f) => Object.keys(f.when ?? {})))];
  const live = useHeadValues(metas[fields[0]?.key ?? ""]?.formId ?? "", watched);
  const current = Object.fromEntries(watched.map((name) => [name, live?.[name] ?? text(metas[name]?.initialValue)]));
  return (
    <div className="grid grid-cols-2 gap-x-4 gap-y-3 lg:grid-cols-4">
      {before}
      {fields.map((f) => {
        const meta = metas[f.key]!;
        const shown = shownBy(f, current);
        return (
          <fieldset key={f.key} hidden={!shown} disabled={!shown || undefined} className={`min-w-0 ${f.type === "textarea" || f.wide ? "col-span-2" : ""}`} data-field={f.key}>
            {/* the required mark beside the label, not in it: the field is named by its label's words alone */}
            <div className="mb-1 flex text-sm text-muted">
              {f.required ? (
                <span className="mr-0.5 text-danger" aria-hidden>
                  *
                </span>
              ) : null}
              <label htmlFor={meta.id}>{labelOf(f.label, lang)}</label>
            </div>
            <FieldControl field={f} meta={meta} choices={choices} files={files} readOnly={readOnly} />
            {f.hint && !readOnly ? <p className="mt-0.5 text-xs text-muted">{labelOf(f.hint, lang)}</p> : null}
          </fieldset>
        );
      })}
      {children}
    </div>
  );
}

/**
 * A `lines` field: its rows as a table of controls, with the row buttons and the totals row; a `fixed` one is the
 * server's rows (a bill a row) with the fields to read shown as text, following a head field when it says so.
 */
export function LinesField({
  field,
  meta,
  choices,
  readOnly,
  live,
  cellLabel,
  frame = "panel",
  actions,
  addon,
}: {
  field: FormFieldDef;
  meta: Meta;
  choices: Choices;
  readOnly: boolean;
  live?: Record<string, string>[];
  /** a cell's accessible name (default: its column's label and the row's number, 运费(元) 2, or its rowLabel's value) */
  cellLabel?: (column: FormFieldDef, n: number) => string;
  /**
   * panel (a document's): a card with its title; bare (a settings card of its own): its title for screen readers only;
   * inset (a drawer's form): no card, its title a field's label beside the add button
   */
  frame?: "panel" | "bare" | "inset";
  /** the screen's own buttons beside the add button (a plan generated from the terms) */
  actions?: ReactNode;
  /** a block's own helper under a cell's control (the contract line's machine finder), by line field and row */
  addon?: (column: FormFieldDef, index: number) => ReactNode;
}) {
  const { t, i18n } = useTranslation("resource");
  const form = useFormMetadata(meta.formId);
  const error = useError(meta);
  const lang = i18n.language;
  const options = field.lines;
  const fields = options?.fields ?? [];
  const columns = fields.filter((c) => c.show !== "hidden");
  const hidden = fields.filter((c) => c.show === "hidden");
  const fixed = readOnly || Boolean(options?.fixed);
  const rows = (meta as unknown as ListMeta).getFieldList();
  const head = useHeadValues(meta.formId, [...(options?.follow ? [options.follow.head] : []), ...Object.keys(options?.when ?? {})]);
  const totals = options?.totals?.length ? lineTotals(fields, options.totals, live ?? (Array.isArray(meta.value) ? (meta.value as unknown[]) : [])) : null;
  const th = "whitespace-nowrap px-2 py-2 text-left text-xs font-medium text-muted";
  const max = options?.maxRows;
  const hydrated = useHydrated();
  const bare = frame === "bare";
  // with JavaScript: away while a head field says so, and only the rows of the head's choice (without it: all)
  const away = Boolean(head && Object.entries(options?.when ?? {}).some(([name, allowed]) => !allowed.includes(head[name] ?? "")));
  const follow = options?.follow;
  const chosen = follow && head ? (head[follow.head] ?? "") : null;
  const shows = (row: (typeof rows)[number]) => chosen === null || text((row.initialValue as Record<string, unknown> | undefined)?.[follow!.line]) === chosen;
  const shown = rows.filter(shows).length;
  const nameOf = (row: (typeof rows)[number], c: FormFieldDef, n: number) => {
    if (cellLabel) return cellLabel(c, n);
    const named = options?.rowLabel ? text((row.initialValue as Record<string, unknown> | undefined)?.[options.rowLabel]) : "";
    return named ? `${named} ${labelOf(c.label, lang)}` : `${labelOf(c.label, lang)} ${n}`;
  };
  const numeric = (c: FormFieldDef) => c.type === "money" || c.type === "quantity" || c.type === "number" || c.type === "percent";
  return (
    <section
      className={`${frame === "panel" ? "mb-4 rounded-lg border border-line bg-panel p-4" : frame === "inset" ? "col-span-2 mb-4" : "mb-3"} ${away ? "hidden" : ""}`}
      data-testid={`lines-${field.key}`}
      data-hydrated={hydrated ? "true" : undefined}
      aria-labelledby={`${meta.id}-title`}
    >
      <div className={bare ? "flex justify-end" : "mb-2 flex items-center justify-between gap-2"}>
        <h2 id={`${meta.id}-title`} className={bare ? "sr-only" : frame === "inset" ? "text-sm font-medium text-ink" : "text-base font-semibold text-ink"}>
          {labelOf(field.label, lang)}
        </h2>
        <span className="flex flex-wrap gap-2">
        {actions}
        {!fixed && (max === undefined || rows.length < max) ? (
          <Button
            type="submit"
            {...form.insert.getButtonProps({
              name: meta.name,
              defaultValue: (options?.newRow ?? {}) as never,
            })}
            variant="secondary"
            size="sm"
            data-testid={`add-${field.key}`}
          >
            {options?.addLabel ? labelOf(options.addLabel, lang) : t("document.addRow")}
          </Button>
        ) : null}
        </span>
      </div>
      {field.hint ? <p className="mb-1 text-xs text-muted">{labelOf(field.hint, lang)}</p> : null}
      {error ? (
        <p id={meta.errorId} className="mb-2 text-sm text-danger" role="alert">
          {error}
        </p>
      ) : null}
      {shown ? null : (
        <p className="text-sm text-muted">{follow?.pick && chosen === "" ? labelOf(follow.pick, lang) : options?.empty ? labelOf(options.empty, lang) : t("document.noRows")}</p>
      )}
      {rows.length && options?.layout === "blocks" ? (
        <div role="list" aria-label={labelOf(field.label, lang)}>
          {rows.map((row, i) => {
            const cells = row.getFieldset() as Record<string, Meta>;
            const n = i + 1;
            const block = (c: FormFieldDef) =>
              c.type === "flag" ? (
                <label key={c.key} className="col-span-full flex items-center gap-2 text-xs text-ink">
                  <FieldControl field={c} meta={cells[c.key]!} choices={choices} label={nameOf(row, c, n)} readOnly={readOnly} />
                  {labelOf(c.label, lang)}
                </label>
              ) : (
                <div key={c.key} className={`min-w-0 ${c.width ?? ""}`}>
                  <label htmlFor={cells[c.key]!.id} className="mb-1 block truncate text-xs text-muted" title={labelOf(c.label, lang)}>
                    {labelOf(c.label, lang)}
                  </label>
                  <FieldControl field={c} meta={cells[c.key]!} choices={choices} label={nameOf(row, c, n)} readOnly={readOnly} />
                  {readOnly ? null : addon?.(c, i)}
                </div>
              );
            const more = columns.filter((c) => c.more);
            // the terms under 更多条款 open by themselves when one of them is refused
            const refusedMore = more.some((c) => cells[c.key]!.errors?.length);
            return (
              <div key={row.key ?? i} role="listitem" className="flex items-start gap-3 border-t border-line py-3 first:border-t-0 first:pt-1" data-testid={`${field.key}-row`}>
                <span className="mt-6 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-canvas text-xs tabular-nums text-muted">
                  <span className="sr-only">{`${t("document.rowNo")} `}</span>
                  {n}
                </span>
                <div className="min-w-0 flex-1">
                  {hidden.map((h) => (
                    <HiddenCell key={h.key} meta={cells[h.key]!} />
                  ))}
                  <div className="grid grid-cols-[repeat(auto-fill,minmax(140px,1fr))] gap-2">{columns.filter((c) => !c.more).map(block)}</div>
                  {more.length ? (
                    <details className="mt-2" open={refusedMore || undefined}>
                      <summary className="cursor-pointer text-xs text-brand">{options.moreLabel ? labelOf(options.moreLabel, lang) : t("document.more")}</summary>
                      <div className="mt-2 grid grid-cols-[repeat(auto-fill,minmax(140px,1fr))] gap-2">{more.map(block)}</div>
                    </details>
                  ) : null}
                </div>
                {fixed ? null : (
                  <div className="mt-5 shrink-0 whitespace-nowrap">
                    <RowButtons formId={meta.formId} name={meta.name} index={i} count={rows.length} />
                  </div>
                )}
              </div>
            );
          })}
        </div>
      ) : rows.length ? (
        <div className={`overflow-x-auto ${shown ? "" : "hidden"}`}>
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-line">
                {options?.fixed ? null : (
                  <th scope="col" className={`${th} w-12`}>
                    {options?.rowNo ? labelOf(options.rowNo, lang) : t("document.rowNo")}
                  </th>
                )}
                {columns.map((c) => (
                  <th key={c.key} scope="col" className={`${th} ${c.width ?? ""} ${numeric(c) ? "text-right" : ""}`}>
                    {c.required ? (
                      <span className="mr-0.5 text-danger" aria-hidden>
                        *
                      </span>
                    ) : null}
                    {c.type === "flag" && options?.rowLabel ? <span className="sr-only">{labelOf(c.label, lang)}</span> : labelOf(c.label, lang)}
                  </th>
                ))}
                {fixed ? null : (
                  <th scope="col" className={`${th} w-32`}>
                    <span className="sr-only">{t("actions")}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => {
                const cells = row.getFieldset() as Record<string, Meta>;
                const n = i + 1;
                return (
                  <tr key={row.key ?? i} className={`border-t border-line align-top ${shows(row) ? "" : "hidden"}`} data-testid={`${field.key}-row`}>
                    {options?.fixed ? null : <td className="px-2 pt-3 text-center tabular-nums text-muted">{n}</td>}
                    {columns.map((c, j) => (
                      <td key={c.key} className={`px-1 py-1 ${c.width ?? ""} ${c.show === "text" ? "pt-2.5" : ""}`}>
                        {j === 0 ? hidden.map((h) => <HiddenCell key={h.key} meta={cells[h.key]!} />) : null}
                        <FieldControl field={c} meta={cells[c.key]!} choices={choices} label={nameOf(row, c, n)} files={c.type === "files" ? lineFiles(row.initialValue, c.key) : undefined} readOnly={readOnly} />
                      </td>
                    ))}
                    {fixed ? null : (
                      <td className="whitespace-nowrap px-1 py-1">
                        <RowButtons formId={meta.formId} name={meta.name} index={i} count={rows.length} />
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
            {totals ? (
              <tfoot>
                <tr className="border-t-2 border-line font-semibold" data-testid={`${field.key}-totals`}>
                  <th scope="row" className="px-2 py-2 text-left text-xs text-muted">
                    {t("document.totalRow")}
                  </th>
                  {columns.map((c) => (
                    <td key={c.key} className="px-3 py-2 text-right tabular-nums text-ink" data-total={totals[c.key] !== undefined ? c.key : undefined}>
                      {totals[c.key] ?? ""}
                    </td>
                  ))}
                  {fixed ? null : <td />}
                </tr>
              </tfoot>
            ) : null}
          </table>
        </div>
      ) : null}
      {options?.average && rows.length ? (
        <p className="mt-2 text-sm text-ink" data-testid={`${field.key}-average`}>
          {labelOf(options.average.label, lang)}: <strong className="tabular-nums">{lineAverage(Array.isArray(meta.value) ? (meta.value as unknown[]) : [], options.average.field) ?? "—"}</strong>
        </p>
      ) : null}
    </section>
  );
}

/** A row's ↑ ↓ 删除: submit buttons carrying Conform's intents (applied at once with JavaScript, by the server without). */
function RowButtons({ formId, name, index, count }: { formId: string; name: string; index: number; count: number }) {
  const { t } = useTranslation("resource");
  const form = useFormMetadata(formId);
  const n = index + 1;
  return (
    <>
      <Button type="submit" {...form.reorder.getButtonProps({ name, from: index, to: index - 1 })} disabled={index === 0} variant="ghost" size="sm" aria-label={t("document.rowUp", { n })} title={t("document.rowUp", { n })}>
        ↑
      </Button>
      <Button type="submit" {...form.reorder.getButtonProps({ name, from: index, to: index + 1 })} disabled={index === count - 1} variant="ghost" size="sm" aria-label={t("document.rowDown", { n })} title={t("document.rowDown", { n })}>
        ↓
      </Button>
      <Button type="submit" {...form.remove.getButtonProps({ name, index })} variant="ghost" size="sm" aria-label={t("document.removeRow", { n })} title={t("document.removeRow", { n })}>
        {t("delete")}
      </Button>
    </>
  );
}
