/**
 * The one document page: a document's head fields, its lines tables with their totals, the state badge and the
 * transition buttons its machine offers this user, the approval with who must act next, its files, the Excel of it
 * and the history of its changes, all from its declarations (document.server.ts is the server half). The form is
 * Conform's, judged by the fields' schema in the browser as on the server; everything posts as a plain form, so a
 * clerk on a slow link can work before the scripts arrive.
 */
import { parse, useForm, type FieldMetadata, type Submission } from "@conform-to/react";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useMessage } from "~/i18n/message";
import { documentHref, labelOf, type ResourceView } from "~/lib/list/types";
import type { MachineView } from "~/modules/workflow/machine";
import { Badge, type BadgeTone } from "~/ui/badge";
import { LinkButton } from "~/ui/button";
import { Alert } from "~/ui/field";
import { FieldControl, HeadFields, LinesField, type Choices } from "./document-fields";
import type { DocumentActionData, DocumentLoaderData } from "./document.server";
import { DocumentForm, DocumentFrame } from "./document-frame";
import type { FormSchema } from "./field-schema";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a generic page renders whatever its declaration names
type Meta = FieldMetadata<any, any, string[]>;
const TONES: Record<string, BadgeTone> = {
  success: "success",
  danger: "danger",
  muted: "neutral",
  warning: "warning",
};

export interface DocumentPageProps<Row> {
  view: ResourceView;
  /** the form's schema (default: its declared fields' rules, schemaFor(view.form), which the server's save keeps too) */
  schema?: FormSchema;
  machine?: MachineView<Row>;
  /** blocks of the document's own below its lines (e.g. what it became) */
  children?: ReactNode;
}

type Judge = (formData: FormData) => Submission<Record<string, unknown>, string[]>;

/**
 * The form's judge from the declared rules (zod), loaded after the page rather than with it: the schema library stays
 * out of the document page's first load (docs/documents.md, "What it weighs").
 */
function useJudge(view: ResourceView, schema: FormSchema | undefined): Judge | null {
  const [judge, setJudge] = useState<Judge | null>(null);
  useEffect(() => {
    let current = true;
    void import("./field-schema").then((m) => {
      if (current) setJudge(() => (formData: FormData) => m.parseForm<Record<string, unknown>>(formData, schema ?? m.schemaFor(view.form)));
    });
    return () => {
      current = false;
    };
  }, [view, schema]);
  return judge;
}

export function DocumentPage<Row extends { id: number }>({ view, schema, machine, children }: DocumentPageProps<Row>) {
  const loaded = useLoaderData<DocumentLoaderData>();
  // a refused save or a row button answers with Conform's result; a transition's confirmation is the panel's
  const action = useActionData<DocumentActionData | Record<string, unknown>>();
  const { t, i18n } = useTranslation("resource");
  const message = useMessage();
  const navigation = useNavigation();
  const lang = i18n.language;
  const doc = loaded.doc;
  const readOnly = loaded.mode === "view";
  const here = documentHref(view.path, doc ? doc.id : "new");
  const result = action && "document" in action ? (action as DocumentActionData).document : undefined;
  const judge = useJudge(view, schema);
  const [form, fields] = useForm<Record<string, unknown>>({
    id: `document-${view.name}-${doc?.id ?? "new"}`,
    lastResult: result,
    defaultValue: loaded.values as never,
    // the declared rules judge as the user types once their chunk is in; until then (a moment after the page) the
    // form posts and the server judges, with the same rules
    onValidate: ({ formData }) => (judge ? judge(formData) : parse<Record<string, unknown>, string[]>(formData, { resolve: (value) => ({ value }) })),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const formRef = useRef<HTMLFormElement>(null);
  // the totals follow what is typed (read from the form once React has written a money field's posted value)
  const [live, setLive] = useState<Record<string, Record<string, string>[]> | null>(null);
  const linesFields = view.form.filter((f) => f.type === "lines");
  const refresh = () =>
    requestAnimationFrame(() => {
      const el = formRef.current;
      if (!el) return;
      // the form as Conform reads it (`lines[2].freight` → lines[2].freight)
      const { payload } = parse(new FormData(el), { resolve: (value) => ({ value }) });
      setLive(Object.fromEntries(linesFields.map((f) => [f.key, (payload[f.key] as Record<string, string>[] | undefined) ?? []])));
    });
  const stateColumn = view.columns.find((c) => c.key === "state");
  const state = doc ? stateColumn?.options?.find((o) => o.value === String(doc.state)) : undefined;
  const title = labelOf(view.singular, lang);
  const number = doc ? String(doc[view.rowLabel] ?? doc.id) : "";
  const choices = loaded.options as Choices;
  const meta = fields as unknown as Record<string, Meta>;
  const busy = navigation.state !== "idle";
  const head = view.form.filter((f) => f.type !== "lines" && f.type !== "files" && f.type !== "location");
  const files = view.form.filter((f) => f.type === "files");
  const formErrors = form.errors?.length ? form.errors.map((e) => message(e)) : null;

  return (
    <DocumentFrame
      attrs={{ "data-testid": "document-page", "data-document": view.name }}
      flash={{ message: loaded.flash ? t("document.saved") : null, token: loaded }}
      title={doc ? t(readOnly ? "document.docView" : "document.docEdit", { title, number }) : t("document.docNew", { title })}
      badges={
        state ? (
          <Badge tone={TONES[state.tone ?? ""] ?? "info"} data-testid="document-state">
            {labelOf(state.label, lang)}
          </Badge>
        ) : null
      }
      back={{ to: view.path, label: t("document.back") }}
      pdf={doc ? { to: `/pdf/${view.name}/document?id=${doc.id}`, label: t("document.printPdf"), testId: "document-pdf" } : null}
      actions={
        <>
          {doc && loaded.can.export ? (
            <LinkButton to={`/excel/${view.name}/document?id=${doc.id}`} reloadDocument data-testid="document-xlsx">
              {t("document.exportXlsx")}
            </LinkButton>
          ) : null}
        </>
      }
      machine={machine ? { view: machine, row: doc, codes: loaded.codes, me: loaded.me, action: here } : null}
      notices={
        <>
          {formErrors ? <Alert tone="error">{formErrors.join(" ")}</Alert> : form.status === "error" ? <Alert tone="error">{t("document.errors")}</Alert> : null}
        </>
      }
      after={children}
      approval={loaded.approval}
      history={doc ? loaded.history : null}
    >
      <DocumentForm
        form={form}
        action={here}
        doc={doc ? { id: doc.id, version: Number(doc.version) } : null}
        readOnly={readOnly}
        busy={busy}
        save={{ intent: "save", label: t("save"), testId: "document-save" }}
        cancel={{ to: doc ? here : view.path, label: t("cancel") }}
        formRef={formRef}
        onInput={refresh}
        onClick={refresh}
      >
        <section className="mb-4 rounded-lg border border-line bg-panel p-4">
          <HeadFields fields={head} metas={meta} choices={choices} />
        </section>
        {linesFields.map((f) => (
          <LinesField key={f.key} field={f} meta={meta[f.key]!} choices={choices} readOnly={readOnly} live={live?.[f.key]} />
        ))}
        {files.map((f) => (
          <section key={f.key} className="mb-4 rounded-lg border border-line bg-panel p-4">
            <h2 className="mb-2 text-base font-semibold text-ink">{labelOf(f.label, lang)}</h2>
            <FieldControl field={f} meta={meta[f.key]!} choices={choices} files={loaded.attachments} readOnly={readOnly} />
          </section>
        ))}
      </DocumentForm>
    </DocumentFrame>
  );
}
