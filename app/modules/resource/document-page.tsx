/**
 * The one document page: a document's head fields, its lines tables with their totals, the state badge and the
 * transition buttons its machine offers this user, the approval with who must act next, its files, the Excel of it
 * and the history of its changes, all from its declarations (document.server.ts is the server half). The form
 * (document-page-form.tsx, Conform's, judged by the fields' schema in the browser as on the server) is a chunk of its
 * own that hydrates as it arrives; everything posts as a plain form, so a clerk on a slow link works before the
 * scripts arrive.
 */
import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { documentHref, labelOf, type ResourceView } from "~/lib/list/types";
import type { MachineView } from "~/modules/workflow/machine";
import { Badge, type BadgeTone } from "~/ui/badge";
import { LinkButton } from "~/ui/button";
import type { DocumentLoaderData } from "./document.server";
import { DocumentFrame, loadedAfterPage } from "./document-frame";
import type { FormSchema } from "./field-schema";

const TONES: Record<string, BadgeTone> = {
  success: "success",
  danger: "danger",
  muted: "neutral",
  warning: "warning",
};

// the form (Conform's state, the fields, the lines tables) hydrates once its chunk is in: docs/documents.md, "What it weighs"
const FormSlot = loadedAfterPage(() => import("./document-page-form").then((m) => m.DocumentPageForm));

export interface DocumentPageProps<Row> {
  view: ResourceView;
  /** the form's schema (default: its declared fields' rules, schemaFor(view.form), which the server's save keeps too) */
  schema?: FormSchema;
  machine?: MachineView<Row>;
  /** blocks of the document's own below its lines (e.g. what it became) */
  children?: ReactNode;
}

export function DocumentPage<Row extends { id: number }>({ view, schema, machine, children }: DocumentPageProps<Row>) {
  const loaded = useLoaderData<DocumentLoaderData>();
  const { t, i18n } = useTranslation("resource");
  const lang = i18n.language;
  const doc = loaded.doc;
  const readOnly = loaded.mode === "view";
  const here = documentHref(view.path, doc ? doc.id : "new");
  const stateColumn = view.columns.find((c) => c.key === "state");
  const state = doc ? stateColumn?.options?.find((o) => o.value === String(doc.state)) : undefined;
  const title = labelOf(view.singular, lang);
  const number = doc ? String(doc[view.rowLabel] ?? doc.id) : "";

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
      after={children}
      approval={loaded.approval}
      history={doc ? loaded.history : null}
    >
      <FormSlot view={view} schema={schema} />
    </DocumentFrame>
  );
}
