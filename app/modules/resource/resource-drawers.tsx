import { FormProvider, getFormProps, useForm, type FieldMetadata } from "@conform-to/react";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useMemo, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useMessage } from "~/i18n/message";
import { withQuery } from "~/lib/navigation";
import { formInputs, labelOf, LOCATION_LABELS, newFormValues, type FormFieldDef, type ResourceView } from "~/lib/list/types";
import { centsOf, formatCents } from "~/lib/cents";
import { dayOf } from "~/lib/tenant-clock";
import { useTimeZone } from "~/lib/use-time-zone";
import { Alert, Button, describedBy, FieldNotes } from "~/ui/field";
import { LinkButton } from "~/ui/button";
import { Drawer } from "~/ui/drawer";
import { MapPicker } from "~/widgets/map-picker";
import { VehiclePicker } from "~/widgets/vehicle-picker";
import { acceptAll, answerOf, FieldControl, LinesField, useHeadValues } from "./document-fields";
import type { ResourceActionData } from "./route.server";
import { boxClass } from "~/ui/input";

/*
 * A resource's drawers (the read-only detail, the create/edit form) and its field widgets. The list page loads them
 * only when a drawer is open (React.lazy in resource-page.tsx), so a list's first load carries no form code.
 */

/** A refused form's value as its field shows it again: a ticked group as its values joined, plates one a line. */
function postedText(v: unknown, type: FormFieldDef["type"]): string {
  if (Array.isArray(v)) return v.map(String).join(type === "vehicles" ? "\n" : ",");
  return v == null ? "" : String(v);
}

function dateInputValue(v: unknown, timeZone: string): string {
  if (typeof v !== "number") return typeof v === "string" ? v : "";
  return dayOf(v, timeZone);
}

/** The form in preview mode: every field as text, an empty value shown as —, passwords never. */
export function ResourceDetail({ view, values, options, back, canEdit, extra }: { view: ResourceView; values: Record<string, unknown>; options: Record<string, { value: string; label: string }[]>; back: string; canEdit: boolean; extra?: ReactNode }) {
  const { t, i18n } = useTranslation("resource");
  const lang = i18n.language;
  const timeZone = useTimeZone();
  const shown = (f: FormFieldDef) => {
    const v = values[f.key];
    if (v === null || v === undefined || v === "") {
      // the list's word for an empty value where it has one (有效期至 → 永久), else —
      const empty = view.columns.find((c) => c.key === f.key)?.empty;
      return empty ? labelOf(empty, lang) : "—";
    }
    if (f.type === "date") return dateInputValue(v, timeZone);
    if (f.type === "money") return formatCents(centsOf(String(v)));
    if (f.type === "vehicles") return String(v).split("\n").filter(Boolean).join("、");
    const choice = f.options?.find((o) => o.value === String(v));
    if (choice) return labelOf(choice.label, lang);
    return options[f.key]?.find((o) => o.value === String(v))?.label ?? String(v);
  };
  return (
    <Drawer title={`${labelOf(view.singular, lang)} · ${String(values[view.rowLabel] ?? "")}`} titleId="detail-title" closeTo={back} closeLabel={t("cancel")} data-testid="resource-detail">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 overflow-y-auto px-5 py-4 text-sm">
        {formInputs(view.form)
          .filter((f) => f.type !== "password")
          .map((f) => (
            <div key={f.key}>
              <dt className="text-muted">{labelOf(f.label, lang)}</dt>
              <dd className="mt-0.5 break-all text-ink">{shown(f)}</dd>
            </div>
          ))}
      </dl>
      {extra ? <div className="overflow-y-auto border-t border-line px-5 py-4">{extra}</div> : null}
      {canEdit ? (
        <div className="border-t border-line px-5 py-3 text-right">
          <LinkButton to={withQuery(back, `edit=${String(values.id)}`)} variant="primary">
            {t("edit")}
          </LinkButton>
        </div>
      ) : null}
    </Drawer>
  );
}

/** What a screen's own form part (FormExtra) is given: the values shown (typed, stored or none yet) and the messages by field. */
export interface FormExtraContext {
  mode: "create" | "edit" | "view";
  /** what was posted (a refused save), else the stored row with its editValues, else {} on create */
  values: Record<string, unknown>;
  errorOf: (key: string) => string | null;
}
/** A screen's own fields under the generic ones, inside the same form (a document's lines, a money input, uploads). */
export type FormExtra = (ctx: FormExtraContext) => ReactNode;

/**
 * The create/edit panel: the resource's form fields, the server's messages next to them, typed values kept. The form
 * is Conform's, so a declared `lines` field (a customer's contacts) is the house's lines table: its row buttons apply
 * at once with JavaScript and are answered by the server without it (resourceAction), each message under its cell.
 */
export function ResourceForm({ view, mode, values, options, back, formAction, extra }: { view: ResourceView; mode: "create" | "edit" | "view"; values: Record<string, unknown>; options: Record<string, { value: string; label: string }[]>; back: string; formAction: string; extra?: FormExtra }) {
  const action = useActionData<ResourceActionData>();
  const navigation = useNavigation();
  const { t, i18n } = useTranslation("resource");
  const message = useMessage();
  const lang = i18n.language;
  const title = labelOf(view.singular, lang);
  const posted = action && (action.intent === "create" || action.intent === "update") ? action : null;
  const errors = posted?.errors ?? {};
  const fields = view.form.filter((f) => mode === "create" || !f.createOnly);
  const timeZone = useTimeZone();
  const current = (f: Pick<FormFieldDef, "key" | "type" | "defaultValue">) => {
    if (posted) return postedText(posted.values[f.key], f.type);
    if (mode === "create") return f.defaultValue ?? "";
    const v = values[f.key];
    return f.type === "date" ? dateInputValue(v, timeZone) : v == null ? "" : String(v);
  };
  const errorOf = (key: string) => (errors[key] ? message(errors[key]!) : null);
  const firstRef = useRef<HTMLElement | null>(null);
  const formRef = useRef<HTMLFormElement | null>(null);
  // one result per answer: a new object each render would be a new result to Conform, and reset the form again
  const refusal = useMemo(() => (posted ? (posted.result ?? answerOf(posted.values, posted.errors)) : undefined), [posted]);
  // the same object while the drawer is open: Conform takes a new default value as a reason to reset the form
  const initial = useMemo(() => (mode === "create" ? { ...newFormValues(view.form), ...values } : values), [view, mode, values]);
  const [form, metas] = useForm<Record<string, unknown>>({
    id: `resource-${view.name}-${mode === "create" ? "new" : String(values.id)}`,
    // a row button answered by the server, or a refused save with its values and messages
    lastResult: refusal,
    defaultValue: initial as never,
    onValidate: ({ formData }) => acceptAll(formData),
  });
  // the first field, unless the user is already in one (a drawer the server rendered is typed in before it hydrates)
  useEffect(() => {
    if (!formRef.current?.contains(document.activeElement)) firstRef.current?.focus();
  }, []);

  return (
    <Drawer title={mode === "create" ? t("createTitle", { title }) : t("editTitle", { title })} titleId="form-title" closeTo={back} closeLabel={t("cancel")} data-testid="resource-form">
      <FormProvider context={form.context}>
        <Form ref={formRef} method="post" action={formAction} {...getFormProps(form)} className="flex-1 overflow-y-auto px-5 py-4" noValidate>
          <input type="hidden" name="intent" value={mode === "create" ? "create" : "update"} />
          {mode === "edit" ? (
            <>
              <input type="hidden" name="id" value={String(values.id)} />
              <input type="hidden" name="version" value={String(values.version)} />
            </>
          ) : null}
          {errors.form ? <Alert tone="error">{message(errors.form)}</Alert> : null}
          <div className="grid grid-cols-2 gap-x-4">
            {fields.map((f, i) => {
              const inputRef = i === 0 ? (el: HTMLElement | null) => (firstRef.current = el) : undefined;
              const meta = (metas as Record<string, Meta>)[f.key]!;
              if (f.type === "lines") return <LinesField key={f.key} frame="inset" field={f} meta={meta} choices={options} readOnly={false} />;
              if (DECLARED.has(f.type)) return <DeclaredField key={f.key} field={f} meta={meta} choices={options} lang={lang} />;
              if (f.type === "location") return <LocationField key={f.key} field={f} value={(key) => current({ key, type: "text" })} error={errorOf} lang={lang} inputRef={inputRef} />;
              return <FormField key={f.key} field={f} value={current(f)} error={errorOf(f.key)} options={options[f.key]} lang={lang} inputRef={inputRef} formId={form.id} />;
            })}
          </div>
          {extra?.({ mode, values: posted ? posted.values : mode === "create" ? {} : values, errorOf })}
          <div className="mt-2 flex justify-end gap-2 border-t border-line pt-4">
            <LinkButton to={back}>{t("cancel")}</LinkButton>
            <Button type="submit" disabled={navigation.state === "submitting"}>
              {t("save")}
            </Button>
          </div>
        </Form>
      </FormProvider>
    </Drawer>
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a generic form renders whatever its declaration names
type Meta = FieldMetadata<any, any, string[]>;

/** The types a drawer shows through the house's declared controls (a document's): their codecs read what is posted. */
const DECLARED = new Set<FormFieldDef["type"]>(["money", "percent", "quantity", "flag"]);

/** A declared field on Conform's form: its label (and required mark), the control with its message, the hint below. */
/** A drawer field's label, its required mark before the words. */
function DrawerLabel({ htmlFor, field, lang }: { htmlFor: string; field: FormFieldDef; lang: string }) {
  return (
    <label htmlFor={htmlFor} className="mb-1 block text-sm font-medium text-ink">
      {field.required ? (
        <span className="mr-0.5 text-danger" aria-hidden>
          *
        </span>
      ) : null}
      {labelOf(field.label, lang)}
    </label>
  );
}

function DeclaredField({ field, meta, choices, lang }: { field: FormFieldDef; meta: Meta; choices: Record<string, { value: string; label: string }[]>; lang: string }) {
  return (
    <div className="mb-4">
      <DrawerLabel htmlFor={meta.id} field={field} lang={lang} />
      <FieldControl field={field} meta={meta} choices={choices} />
      {field.hint && !meta.errors?.length ? <p className="mt-0.5 text-xs text-muted">{labelOf(field.hint, lang)}</p> : null}
    </div>
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the ref goes to an input, select or textarea, and workers-types' Element (whose remove() returns Element) makes HTMLSelectElement no HTMLElement
export function FormField({ field, value, error, options, lang, inputRef, formId = "" }: { field: FormFieldDef; value: string; error: string | null; options?: { value: string; label: string; parent?: string }[]; lang: string; inputRef?: (el: any) => void; formId?: string }) {
  const { t } = useTranslation("resource");
  const id = `field-${field.key}`;
  // the field a select follows, as the form now holds it (null before the page runs)
  const followed = useHeadValues(formId, field.follows ? [field.follows] : [])?.[field.follows ?? ""] ?? null;

  const common = {
    id,
    name: field.key,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(id, field.hint, error),
    "aria-required": field.required || undefined,
    className: `${boxClass} h-9 w-full px-3`,
  };
  const all: { value: string; label: string; parent?: string }[] = field.options?.map((o) => ({ value: o.value, label: labelOf(o.label, lang) })) ?? options ?? [];
  // a choice of another parent goes (a contract of another customer); one that has none stays
  const choices = followed ? all.filter((o) => o.parent === undefined || o.parent === followed) : all;
  return (
    <div className={`mb-4 ${field.type === "textarea" || field.type === "vehicles" ? "col-span-2" : ""}`}>
      <DrawerLabel htmlFor={id} field={field} lang={lang} />
      {field.type === "checkboxes" ? (
        <fieldset id={id} aria-describedby={describedBy(id, field.hint, error)} className="flex flex-wrap gap-x-4 gap-y-1 rounded-md border border-line p-2">
          {choices.map((o) => (
            <label key={o.value} className="flex items-center gap-1 text-sm text-ink">
              <input type="checkbox" name={field.key} value={o.value} defaultChecked={value.split(",").includes(o.value)} />
              {o.label}
            </label>
          ))}
        </fieldset>
      ) : field.type === "vehicles" ? (
        <VehiclePicker id={id} name={field.key} defaultValue={value} source={field.source ?? ""} invalid={Boolean(error)} describedBy={describedBy(id, field.hint, error)} inputRef={inputRef} />
      ) : field.type === "select" ? (
        <select {...common} defaultValue={value} ref={inputRef}>
          <option value="">{t("choose")}</option>
          {choices.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : field.type === "textarea" ? (
        <textarea {...common} defaultValue={value} maxLength={field.maxLength} ref={inputRef} className={`${common.className} h-20 py-2`} />
      ) : (
        <input {...common} type={field.type} defaultValue={field.type === "password" ? "" : value} maxLength={field.maxLength} autoComplete={field.type === "password" ? "new-password" : "off"} ref={inputRef} />
      )}
      <FieldNotes id={id} hint={field.hint ? labelOf(field.hint, lang) : null} error={error} />
    </div>
  );
}

/** the sign-in map (a location with a range) comes with the few forms that have one, not with every list's drawer */
const SignInMap = lazy(() => import("~/widgets/sign-in-map").then((m) => ({ default: m.SignInMap })));

/**
 * A location field (type "location") in a form: one map picker posting its longitude, latitude and address under
 * their own names; each part shows what was typed (or saved) and its own message.
 */
export function LocationField({ field, value, error, lang, inputRef }: { field: FormFieldDef; value: (key: string) => string; error: (key: string) => string | null; lang: string; inputRef?: (el: HTMLElement | null) => void }) {
  if (!field.keys) return null;
  const { lng, lat, address, signRange } = field.keys;
  if (signRange)
    return (
      <div className="col-span-2 mb-4">
        <Suspense fallback={null}>
          <SignInMap
            names={{ lng, lat, address: address ?? "address", signRange }}
            legend={labelOf(field.label, lang)}
            defaultValue={{ lng: value(lng), lat: value(lat), address: address ? value(address) : "", signRange: value(signRange) || undefined }}
            errors={{ point: error(lng) ?? error(lat), address: address ? error(address) : null, signRange: error(signRange) }}
          />
        </Suspense>
      </div>
    );
  return (
    <div className="col-span-2 mb-4">
      <MapPicker
        idPrefix="field"
        names={field.keys}
        legend={labelOf(field.label, lang)}
        labels={{ lng: labelOf(LOCATION_LABELS.lng, lang), lat: labelOf(LOCATION_LABELS.lat, lang), address: labelOf(LOCATION_LABELS.address, lang) }}
        required={field.required}
        defaultValue={{ lng: value(lng), lat: value(lat), address: address ? value(address) : "" }}
        errors={{ lng: error(lng), lat: error(lat), address: address ? error(address) : null }}
        inputRef={inputRef}
      />
    </div>
  );
}
