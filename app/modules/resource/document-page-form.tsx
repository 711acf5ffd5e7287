/**
 * The document page's form (document-page.tsx is the page around it): Conform's form state, the head fields, the lines
 * tables with their totals and the files, judged by the declared rules in the browser as on the server. Its own chunk,
 * loaded as the page hydrates: the server renders it with the page, and until its chunk is in (a moment after the
 * page's) the form posts as a plain form, as a clerk on a slow link works before the scripts arrive.
 */
import { parse, useForm, type FieldMetadata, type Submission } from "@conform-to/react";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useMessage } from "~/i18n/message";
import { documentHref, labelOf, type ResourceView } from "~/lib/list/types";
import { Alert } from "~/ui/field";
import { FieldControl, HeadFields, LinesField, type Choices } from "./document-fields";
import type { DocumentActionData, DocumentLoaderData } from "./document.server";
import { DocumentForm } from "./document-form";
import type { FormSchema } from "./field-schema";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a generic page renders whatever its declaration names
type Meta = FieldMetadata<any, any, string[]>;
type Judge = (formData: FormData) => Submission<Record<string, unknown>, string[]>;

/**
 * The form's judge from the declared rules (zod), loaded after the form rather than with it: the schema library stays
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

export function DocumentPageForm({ view, schema }: { view: ResourceView; schema?: FormSchema }) {
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
  const choices = loaded.options as Choices;
  const meta = fields as unknown as Record<string, Meta>;
  const head = view.form.filter((f) => f.type !== "lines" && f.type !== "files" && f.type !== "location");
  const files = view.form.filter((f) => f.type === "files");
  const formErrors = form.errors?.length ? form.errors.map((e) => message(e)) : null;

  return (
    <>
      {formErrors ? <Alert tone="error">{formErrors.join(" ")}</Alert> : form.status === "error" ? <Alert tone="error">{t("document.errors")}</Alert> : null}
      <DocumentForm
        form={form}
        action={here}
        doc={doc ? { id: doc.id, version: Number(doc.version) } : null}
        readOnly={readOnly}
        busy={navigation.state !== "idle"}
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
    </>
  );
}
