/**
 * The contract's form (contract-document.tsx is the page around it): the head with the site on a map and the files, the
 * machines as a table of nested rows (`lines[i].monthly`…), the one-off fees (`fees[i]`) and the payment plan
 * (`plans[i]`), on Conform. Its own chunk, hydrated once it is in: the server renders it with the page, and until then
 * it posts as a plain form (adding or removing a row is a submit button the server answers, without JavaScript too).
 */
import { useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { lazy, Suspense, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CONTRACTS } from "~/modules/contracts/texts/contracts";
import { useMessage } from "~/i18n/message";
import { labelOf } from "~/lib/list/types";
import { Button } from "~/ui/button";
import { describedBy, FieldNotes } from "~/ui/field";
import { Input, Textarea } from "~/ui/input";
import { useHydrated } from "~/widgets/use-hydrated";
import { acceptAll, answerOf, HeadFields, LinesField, useHeadValues } from "~/modules/resource/document-fields";
import { DocumentForm, type DocumentFormProps } from "~/modules/resource/document-form";
import { CONTRACT_HEAD, contractLinesField, FEES_FIELD, PLANS_FIELD } from "./contract-lines";
import type { DocumentActionData, DocumentData } from "./document.server";

// the map picker (with its dialog), the upload widget and the machine finder come after the form: the server renders
// the first two, the browser loads them once the form is in (docs/documents.md, "What it weighs")
const MapPicker = lazy(() => import("~/widgets/map-picker").then((m) => ({ default: m.MapPicker })));
const Upload = lazy(() => import("~/widgets/upload").then((m) => ({ default: m.Upload })));
const MachineFinder = lazy(() => import("./machine-finder").then((m) => ({ default: m.MachineFinder })));

type Values = Record<string, unknown>;
type Option = { value: string; label: string };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the lines fields are the declarations' (contract-lines.ts)
type Meta = FieldMetadata<any, any, string[]>;

const text = (v: unknown) => (v === undefined || v === null ? "" : String(v));

export function ContractForm() {
  const loaded = useLoaderData<DocumentData>();
  const action = useActionData<DocumentActionData>();
  const { t } = useTranslation(CONTRACTS);
  const message = useMessage();
  const navigation = useNavigation();
  const fresh = action?.intent === "document" ? action : null;
  // the server's answer (a refusal, a row button before the scripts, a generated plan) as Conform's result, once per answer
  const answered = useMemo<SubmissionResult<string[]> | undefined>(
    () => (fresh ? answerOf(fresh.values, fresh.errors) : undefined),
    [fresh],
  );
  if (loaded.mode === "none") return null;
  const values: Values = fresh?.values ?? loaded.values;
  const errors: Record<string, string> = fresh?.errors ?? {};
  const err = (key: string) => (errors[key] ? message(errors[key]) : undefined);
  const doc = loaded.doc;
  const readOnly = loaded.mode === "view";
  const here = doc ? `/contractList/form?id=${doc.id}` : "/contractList/form?new=1";
  const options = loaded.options as Record<string, Option[]>;
  const busy = navigation.state !== "idle";
  // a fee names its machine by the line's number, among the lines as they now stand
  const choicesOf = (metas: Record<string, Meta>) => {
    const lineCount = (metas.lines as unknown as { getFieldList: () => unknown[] }).getFieldList().length;
    return { ...options, lineNo: Array.from({ length: lineCount }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })) };
  };

  return (
    <ConformForm
      key={fresh?.nonce ?? "stored"}
      id={`contract-${doc?.id ?? "new"}`}
      lastResult={answered}
      defaultValue={values}
      frame={{
        action: here,
        doc: doc ? { id: doc.id, version: doc.version } : null,
        readOnly,
        busy,
        save: { intent: doc ? "updateDoc" : "createDoc", label: t("save"), testId: "save-contract", barTestId: "contract-save-bar" },
        cancel: { to: doc ? here : "/contractList", label: t("cancel") },
      }}
    >
      {(metas) => (
      <>
        <section className="mb-4 rounded-lg border border-line bg-panel p-4">
          <h2 className="mb-3 text-base font-semibold text-ink">{t("head")}</h2>
          <HeadFields
            fields={CONTRACT_HEAD}
            metas={metas}
            choices={options}
            readOnly={readOnly}
            before={
              <div>
                <label htmlFor="c-number" className="mb-1 block text-sm text-muted">
                  {t("number")}
                </label>
                <Input id="c-number" value={loaded.number} readOnly disabled aria-describedby={doc ? undefined : "c-number-hint"} />
                <FieldNotes id="c-number" hint={doc ? undefined : t("numberHint")} />
              </div>
            }
          >
            <div className="col-span-2 lg:col-span-4">
              <Suspense fallback={null}>
                <MapPicker
                  idPrefix="c-site"
                  names={{ lng: "siteLng", lat: "siteLat", address: "siteAddress" }}
                  legend={t("sitePoint")}
                  labels={{ address: t("siteAddress") }}
                  defaultValue={{ lng: text(values.siteLng), lat: text(values.siteLat), address: text(values.siteAddress) }}
                  errors={{ lng: err("siteLng") ?? null, lat: err("siteLat") ?? null, address: err("siteAddress") ?? null }}
                />
              </Suspense>
            </div>
            {errors.overCreditReason || values.overCreditReason ? (
              <div className="col-span-2">
                <label htmlFor="c-overCreditReason" className="mb-1 block text-sm text-muted">
                  {t("overCreditReason")}
                </label>
                <Textarea id="c-overCreditReason" name="overCreditReason" defaultValue={text(values.overCreditReason)} maxLength={200} rows={2} aria-invalid={errors.overCreditReason ? true : undefined} aria-describedby={describedBy("c-overCreditReason", null, err("overCreditReason"))} />
                <FieldNotes id="c-overCreditReason" error={err("overCreditReason")} />
              </div>
            ) : null}
            <div className="col-span-2 lg:col-span-4">
              <span className="mb-1 block text-sm text-muted">{t("attachments")}</span>
              <Suspense fallback={null}>
                <Upload name="attachments" defaultFiles={loaded.attachments} readOnly={readOnly} limit={20} />
              </Suspense>
              {err("attachments") ? <p className="mt-1 text-sm text-danger">{err("attachments")}</p> : null}
            </div>
          </HeadFields>
          {doc ? (
            <dl className="mt-4 flex flex-wrap gap-x-8 gap-y-1 border-t border-line pt-3 text-sm" data-testid="contract-figures">
              <div className="flex gap-2">
                <dt className="text-muted">{t("value")}</dt>
                <dd className="font-semibold tabular-nums text-ink" data-testid="contract-value">
                  {doc.figures.value}
                </dd>
              </div>
              <div className="flex gap-2">
                <dt className="text-muted">{t("tax")}</dt>
                <dd className="tabular-nums text-ink">{doc.figures.tax}</dd>
              </div>
              {doc.figures.cost !== null ? (
                <>
                  <div className="flex gap-2">
                    <dt className="text-muted">{t("cost")}</dt>
                    <dd className="tabular-nums text-ink">{doc.figures.cost}</dd>
                  </div>
                  <div className="flex gap-2">
                    <dt className="text-muted">{t("margin")}</dt>
                    <dd className="tabular-nums text-ink">{doc.figures.margin}</dd>
                  </div>
                </>
              ) : null}
              <div className="flex gap-2">
                <dt className="text-muted">{t("creator")}</dt>
                <dd className="text-ink">{doc.names.creator ?? ""}</dd>
              </div>
            </dl>
          ) : (
            <p className="mt-3 text-xs text-muted">{t("valueHint")}</p>
          )}
        </section>

        <MachineLines metas={metas} choices={choicesOf(metas)} readOnly={readOnly} />
        <LinesField field={FEES_FIELD} meta={metas.fees!} choices={choicesOf(metas)} readOnly={readOnly} />
        <LinesField
          field={PLANS_FIELD}
          meta={metas.plans!}
          choices={choicesOf(metas)}
          readOnly={readOnly}
          actions={
            readOnly ? null : (
              <Button type="submit" name="intent" value="rows:generatePlan" variant="secondary" size="sm" formNoValidate disabled={busy}>
                {t("generatePlan")}
              </Button>
            )
          }
        />
        {doc ? <p className="-mt-2 mb-4 px-1 text-sm text-muted">{`${t("planTotal")}：${doc.figures.planTotal} / ${t("value")}：${doc.figures.value}`}</p> : null}
      </>
      )}
    </ConformForm>
  );
}

/**
 * The document's form on Conform, made anew for each answer of the server (its key): the values it starts from and the
 * refusals come in as the form is made, so the rows the server changed (a generated plan) and its messages show. The
 * server judges the contract (its credit, its numbering and its sums need the database): the browser checks only the
 * fields' own constraints before the post.
 */
function ConformForm({ id, lastResult, defaultValue, frame, children }: { id: string; lastResult?: SubmissionResult<string[]>; defaultValue: Values; frame: Omit<DocumentFormProps, "form" | "children" | "judge">; children: (metas: Record<string, Meta>) => ReactNode }) {
  const [form, fields] = useForm<Values>({ id, lastResult, defaultValue: defaultValue as never, onValidate: ({ formData }) => acceptAll<Values>(formData) });
  return (
    <DocumentForm form={form} judge="server" {...frame}>
      {children(fields as unknown as Record<string, Meta>)}
    </DocumentForm>
  );
}

/** The machines' table: a sub-contract's shows each machine's monthly cost beside its prices, as the kind now picked says. */
function MachineLines({ metas, choices, readOnly }: { metas: Record<string, Meta>; choices: Record<string, Option[]>; readOnly: boolean }) {
  const { t, i18n } = useTranslation(CONTRACTS);
  const kind = useHeadValues(metas.kind!.formId, ["kind"])?.kind ?? text(metas.kind!.initialValue);
  return (
    <LinesField
      field={contractLinesField(kind === "subcontract")}
      meta={metas.lines!}
      choices={choices}
      readOnly={readOnly}
      cellLabel={(c, n) => `${t("lineNo")} ${n} ${labelOf(c.label, i18n.language)}`}
      addon={(c, i) => (c.key === "vehicleId" ? <FindMachine formId={metas.lines!.formId} index={i} /> : null)}
    />
  );
}

/** 查找设备 under a line's machine: the finder (its own chunk) opens below it, with the machines' type, model and availability. */
function FindMachine({ formId, index }: { formId: string; index: number }) {
  const { t } = useTranslation(CONTRACTS);
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return open ? (
    <Suspense fallback={null}>
      <MachineFinder formId={formId} index={index} onClose={() => setOpen(false)} />
    </Suspense>
  ) : (
    <button type="button" className="mt-1 text-xs text-brand hover:underline" onClick={() => setOpen(true)} data-testid="find-machine">
      {t("finder.open")}
    </button>
  );
}
