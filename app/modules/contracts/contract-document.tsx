/**
 * The contract document (`/contractList/form`): the head, the machines as a table of nested rows (`lines[i].monthly`…),
 * the one-off fees (`fees[i]`) and the payment plan (`plans[i]`), posted as one form and read by Conform on the server.
 * Adding or removing a row is a submit button the server answers with the form one row longer or shorter, so it works
 * without JavaScript; a contract not editable (in approval, in force) shows the same form disabled.
 */
import { useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { lazy, Suspense, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CONTRACTS } from "~/modules/contracts/texts/contracts";
import { CONTRACT_FLOW } from "~/modules/contracts/texts/contractFlow";
import { useMessage } from "~/i18n/message";
import { labelOf, type OptionDef } from "~/lib/list/types";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Alert, describedBy, FieldNotes } from "~/ui/field";
import { Input, Textarea } from "~/ui/input";
import { useHydrated } from "~/widgets/use-hydrated";
import { comparedText } from "./compared-text";
import { acceptAll, answerOf, HeadFields, LinesField, useHeadValues } from "~/modules/resource/document-fields";
import { DocumentForm, DocumentFrame, type DocumentFormProps } from "~/modules/resource/document-frame";
import { CONTRACT_HEAD, contractLinesField, FEES_FIELD, PLANS_FIELD } from "./contract-lines";
import { CONTRACT_STATE, CONTRACT_STATES, contractStates } from "./contracts.resource";
import type { DocumentActionData, DocumentData } from "./document.server";

// the map picker (with its dialog), the upload widget and the bills tab come after the page: the server renders them,
// the browser loads them once the form is in (docs/contracts.md, "What it weighs")
const MapPicker = lazy(() => import("~/widgets/map-picker").then((m) => ({ default: m.MapPicker })));
const Upload = lazy(() => import("~/widgets/upload").then((m) => ({ default: m.Upload })));
const ContractBills = lazy(() => import("~/modules/billing/contract-bills").then((m) => ({ default: m.ContractBills })));
const MachineFinder = lazy(() => import("./machine-finder").then((m) => ({ default: m.MachineFinder })));

type Values = Record<string, unknown>;
type Option = { value: string; label: string };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the lines fields are the declarations' (contract-lines.ts)
type Meta = FieldMetadata<any, any, string[]>;

const text = (v: unknown) => (v === undefined || v === null ? "" : String(v));

const tones: Record<string, "neutral" | "info" | "success" | "danger"> = { success: "success", danger: "danger", muted: "neutral" };

export function ContractDocument() {
  const loaded = useLoaderData<DocumentData>();
  const action = useActionData<DocumentActionData>();
  const { t, i18n } = useTranslation(CONTRACTS);
  // the transitions' buttons and refusals speak from their own namespace
  useTranslation(CONTRACT_FLOW);
  const message = useMessage();
  const navigation = useNavigation();
  const lang = i18n.language;
  const label = (o: OptionDef) => labelOf(o.label, lang);
  // the money inputs take typing only once hydrated (before, what is typed is lost when React takes the field over)
  const hydrated = useHydrated();
  const fresh = action?.intent === "document" ? action : null;
  // the server's answer (a refusal, a row button before the scripts, a generated plan) as Conform's result, once per answer
  const answered = useMemo<SubmissionResult<string[]> | undefined>(
    () => (fresh ? answerOf(fresh.values, fresh.errors) : undefined),
    [fresh],
  );
  if (loaded.mode === "none") {
    return (
      <div className="p-4">
        <p className="text-muted">
          {t("pick")}{" "}
          <Link to="/contractList" className="text-brand">
            {t("back")}
          </Link>
        </p>
      </div>
    );
  }
  const values: Values = fresh?.values ?? loaded.values;
  const errors: Record<string, string> = fresh?.errors ?? {};
  const err = (key: string) => (errors[key] ? message(errors[key]) : undefined);
  const doc = loaded.doc;
  const readOnly = loaded.mode === "view";
  const here = doc ? `/contractList/form?id=${doc.id}` : "/contractList/form?new=1";
  const options = loaded.options as Record<string, Option[]>;
  const busy = navigation.state !== "idle";
  const state = doc ? CONTRACT_STATES.find((s) => s.value === String(doc.state)) : CONTRACT_STATES[0];

  // a fee names its machine by the line's number, among the lines as they now stand
  const choicesOf = (metas: Record<string, Meta>) => {
    const lineCount = (metas.lines as unknown as { getFieldList: () => unknown[] }).getFieldList().length;
    return { ...options, lineNo: Array.from({ length: lineCount }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })) };
  };

  return (
    <DocumentFrame
      attrs={{ "data-testid": "contract-document", "data-hydrated": hydrated ? "true" : undefined }}
      flash={{ message: loaded.flash ? message("operationSuccess") : null, token: loaded }}
      title={doc ? `${t(readOnly ? "viewTitle" : "editTitle")} ${doc.number}` : t("newTitle")}
      badges={
        <>
          {doc && doc.revision > 1 ? <Badge tone="info">{`v${doc.revision}`}</Badge> : null}
          {state ? (
            <Badge tone={tones[state.tone ?? ""] ?? "info"} data-testid="contract-state">
              {label(state)}
            </Badge>
          ) : null}
          {doc && !doc.current ? <Badge tone="warning">{t("amend")}</Badge> : null}
        </>
      }
      back={{ to: "/contractList", label: t("back") }}
      pdf={doc ? { to: `/contractList/pdf?id=${doc.id}&lang=${lang}`, label: t("printPdf"), testId: "contract-pdf" } : null}
      machine={{ view: contractStates, row: doc, codes: loaded.codes, me: loaded.me, action: here }}
      actions={
        <>
          {doc && doc.current && doc.state === CONTRACT_STATE.executing && loaded.canDeclareIdle ? (
            <Link to={`/idlePeriod/form?new=1&contractId=${doc.id}`} className="rounded-md border border-line px-3 py-1.5 text-sm text-ink hover:border-brand hover:text-brand" data-testid="declare-idle">
              {t("declareIdle")}
            </Link>
          ) : null}
          {doc && doc.current && (doc.state === CONTRACT_STATE.approved || doc.state === CONTRACT_STATE.executing) && loaded.canEdit ? (
            <details className="relative">
              <summary className="list-none rounded-md border border-line px-3 py-1.5 text-sm text-ink [&::-webkit-details-marker]:hidden">{t("amend")}</summary>
              <Form method="post" action={here} className="absolute right-0 z-20 mt-1 w-80 rounded-lg border border-line bg-panel p-3 text-sm shadow-xl">
                <p className="mb-3 text-ink">{t("amendConfirm")}</p>
                <input type="hidden" name="id" value={doc.id} />
                <Button type="submit" name="intent" value="amend" variant="primary" size="sm">
                  {t("amend")}
                </Button>
              </Form>
            </details>
          ) : null}
        </>
      }
      notices={
        <>
          {doc?.stateReason ? <Alert tone="info">{`${t("stateReason")}：${doc.stateReason}${doc.endedOn ? `（${t("endedOn")} ${doc.endedOn}）` : ""}`}</Alert> : null}
          {Object.keys(errors).length ? <Alert tone="error">{errors.form ? message(errors.form) : t("errors")}</Alert> : null}
        </>
      }
      after={
        <>
          {doc && loaded.bills ? (
            <Suspense fallback={null}>
              <ContractBills bills={loaded.bills} canRun={loaded.canBill} action={here} />
            </Suspense>
          ) : null}
          {doc && doc.revisions.length > 1 ? <ContractVersions doc={doc} comparison={loaded.comparison} /> : null}
        </>
      }
      approval={loaded.approval}
      history={doc ? loaded.history : null}
    >
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
    </DocumentFrame>
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

/** The contract's revisions, each with its state and value, and what changed between the one shown and another. */
function ContractVersions({ doc, comparison }: { doc: NonNullable<DocumentData["doc"]>; comparison: DocumentData["comparison"] }) {
  const { t, i18n } = useTranslation(CONTRACTS);
  const label = (o: OptionDef) => labelOf(o.label, i18n.language);
  const th = "whitespace-nowrap px-2 py-2 text-left text-xs font-medium text-muted";
  return (
    <section className="mb-4 rounded-lg border border-line bg-panel p-4" data-testid="contract-versions">
      <h2 className="mb-2 text-base font-semibold text-ink">{t("versions")}</h2>
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b border-line">
            <th className={th}>{t("revision")}</th>
            <th className={th}>{t("state")}</th>
            <th className={th}>{t("value")}</th>
            <th className={th} />
          </tr>
        </thead>
        <tbody>
          {doc.revisions.map((r) => {
            const s = CONTRACT_STATES.find((x) => x.value === String(r.state));
            return (
              <tr key={r.id} className="border-t border-line">
                <td className="px-2 py-1.5">
                  <Link to={`/contractList/form?id=${r.id}`} className="text-brand" aria-current={r.id === doc.id ? "page" : undefined}>
                    {`v${r.revision}`}
                  </Link>
                  {r.current ? <span className="ml-2 text-xs text-success">{t("current")}</span> : null}
                </td>
                <td className="px-2 py-1.5">{s ? label(s) : r.state}</td>
                <td className="px-2 py-1.5 tabular-nums">{r.value}</td>
                <td className="px-2 py-1.5">
                  {r.id !== doc.id ? (
                    <Link to={`/contractList/form?id=${doc.id}&compare=${r.id}`} className="text-brand">
                      {t("compare")}
                    </Link>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {comparison ? (
        <div className="mt-3" data-testid="contract-compare">
          <h3 className="mb-2 text-sm font-semibold text-ink">{t("compareTitle", { a: comparison.a, b: comparison.b })}</h3>
          {comparison.changes.length ? (
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b border-line">
                  <th className={th}>{t("field")}</th>
                  <th className={th}>{t("before")}</th>
                  <th className={th}>{t("after")}</th>
                </tr>
              </thead>
              <tbody>
                {comparison.changes.map((c, i) => {
                  const key = c.field.includes(".") ? c.field.split(".")[1]! : c.field;
                  const name = i18n.exists(`${CONTRACTS}:${key}`) ? t(key as "name") : key;
                  return (
                    <tr key={i} className="border-t border-line">
                      <td className="px-2 py-1.5 text-muted">{c.line ? t("lineField", { n: c.line, field: name }) : name}</td>
                      <td className="px-2 py-1.5 text-danger line-through">{comparedText(c.field, c.before)}</td>
                      <td className="px-2 py-1.5 text-success">{comparedText(c.field, c.after)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          ) : (
            <p className="text-sm text-muted">{t("noDifference")}</p>
          )}
        </div>
      ) : null}
    </section>
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
