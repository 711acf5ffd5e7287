/**
 * The form of a document's page (the declared page's and the contract's): Conform's, its hidden id and version, the
 * fields disabled when only viewed, the save bar stuck to the pane's bottom. Imported only by the forms' own chunks
 * (document-page-form.tsx, the contract's contract-form.tsx), which hydrate after the page (document-frame.tsx's
 * loadedAfterPage): Conform stays out of a document page's first load.
 */
import { FormProvider, getFormProps, type FormMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { FormEventHandler, MouseEventHandler, ReactNode, Ref } from "react";
import { Button, LinkButton } from "~/ui/button";

export interface DocumentFormProps {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a document's form is whatever its declaration names
  form: FormMetadata<any, string[]>;
  action: string;
  /** the stored document (its id and version post with the form) or null for a new one */
  doc: { id: number; version: number } | null;
  readOnly: boolean;
  busy: boolean;
  save: { intent: string; label: string; testId: string; barTestId?: string };
  cancel: { to: string; label: string };
  /**
   * Who judges before the post: the declared rules in the browser (Conform's, the default), or the server alone, the
   * browser checking only the fields' own constraints (required, lengths) first — a form whose rules need the server's
   * data (the contract's credit, its numbering) judges there.
   */
  judge?: "browser" | "server";
  formRef?: Ref<HTMLFormElement>;
  onInput?: FormEventHandler<HTMLFormElement>;
  onClick?: MouseEventHandler<HTMLFormElement>;
  children: ReactNode;
}

/** The document's form: Conform's, posted as a plain form (a clerk on a slow link works before the scripts arrive). */
export function DocumentForm({ form, action, doc, readOnly, busy, save, cancel, judge = "browser", formRef, onInput, onClick, children }: DocumentFormProps) {
  return (
    <FormProvider context={form.context}>
      <Form
        method="post"
        action={action}
        {...getFormProps(form)}
        noValidate={judge === "browser"}
        ref={formRef}
        onInput={onInput}
        onClick={onClick}
        // a field reached by Tab stops above the sticky save bar, not behind it
        className={readOnly ? undefined : "[&_:is(input,select,textarea)]:scroll-mb-20"}
      >
        {doc ? (
          <>
            <input type="hidden" name="id" value={doc.id} />
            <input type="hidden" name="version" value={doc.version} />
          </>
        ) : null}
        <fieldset disabled={readOnly} className="min-w-0">
          {children}
        </fieldset>
        {!readOnly ? (
          // stuck to the pane's very bottom: -bottom-4 takes back the main pane's padding, below which the fields showed through
          <div className="sticky -bottom-4 z-10 -mx-4 flex justify-end gap-2 border-t border-line bg-canvas px-4 py-3 shadow-[0_-4px_12px_-8px_rgb(0_0_0/0.35)]" data-testid={save.barTestId}>
            <LinkButton to={cancel.to}>{cancel.label}</LinkButton>
            <Button type="submit" name="intent" value={save.intent} variant="primary" disabled={busy} data-testid={save.testId}>
              {save.label}
            </Button>
          </div>
        ) : null}
      </Form>
    </FormProvider>
  );
}
