/**
 * The frame every document page stands in: its title with badges, back and print beside the actions its machine offers,
 * the notices under them, the form (hidden id and version, the fields disabled when only viewed, the save bar stuck to
 * the pane's bottom), what comes after it, the approval trail and the history of changes. The declared document page
 * (document-page.tsx) and the contract document fill the same slots, so a document looks and behaves the same
 * whichever built it.
 */
import { FormProvider, getFormProps, type FormMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { lazy, Suspense, type FormEventHandler, type MouseEventHandler, type ReactNode, type Ref } from "react";
import type { ApprovalHistoryPanel } from "~/modules/workflow/approval-history";
import type { MachineView } from "~/modules/workflow/machine";
import { Button, LinkButton } from "~/ui/button";
import { FlashToast } from "~/widgets/toast";
import { DocumentHistory } from "./document-history";

// the machine's buttons, its confirmation panel and the approval trail come after the page: the server renders them, the
// browser loads them as it hydrates (a document page's first load stays a list's plus its form; docs/documents.md)
const Transitions = lazy(() => import("~/modules/workflow/transition-ui").then((m) => ({ default: m.DocumentTransitions })));
const Panel = lazy(() => import("~/modules/workflow/transition-ui").then((m) => ({ default: m.TransitionPanel })));
const Approval = lazy(() => import("~/modules/workflow/approval-history").then((m) => ({ default: m.ApprovalHistoryPanel })));

type ApprovalHistory = Parameters<typeof ApprovalHistoryPanel>[0]["history"];
type History = Parameters<typeof DocumentHistory>[0]["history"];
type Link = { to: string; label: string; testId?: string };

export interface DocumentFrameProps {
  /** the page's test id, and any data attributes it carries */
  attrs: Record<`data-${string}`, string | undefined>;
  /** the toast a save came back with, once per loader answer (`token`) */
  flash: { message: string | null; token: unknown };
  title: string;
  /** beside the title: the state, a revision, a mark */
  badges?: ReactNode;
  back: Link;
  /** the document's PDF, once it is stored */
  pdf?: Link | null;
  /** after print: an export, an amend */
  actions?: ReactNode;
  /** the machine's transitions this user may take on the stored document (buttons after the actions, the confirmation panel first of the notices), posted to `action` */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any document's machine
  machine?: { view: MachineView<any>; row: { id: number } | null; codes: readonly string[]; me: number; action: string } | null;
  /** under the title: a reason, errors, the transition's confirmation */
  notices?: ReactNode;
  /** the form (a DocumentForm) */
  children: ReactNode;
  /** blocks of the document's own below its form (its bills, its versions, what it became) */
  after?: ReactNode;
  approval?: ApprovalHistory | null;
  /** the changes, once it is stored */
  history?: History | null;
}

export function DocumentFrame({ attrs, flash, title, badges, back, pdf, actions, machine, notices, children, after, approval, history }: DocumentFrameProps) {
  return (
    <div className="p-4" {...attrs}>
      <FlashToast message={flash.message} token={flash.token} />
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold text-ink">{title}</h1>
        {badges}
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <LinkButton to={back.to}>{back.label}</LinkButton>
          {pdf ? (
            <LinkButton to={pdf.to} reloadDocument target="_blank" rel="noopener" data-testid={pdf.testId}>
              {pdf.label}
            </LinkButton>
          ) : null}
          {actions}
          {machine?.row ? (
            <Suspense fallback={null}>
              <Transitions machine={machine.view} row={machine.row} codes={machine.codes} me={machine.me} action={machine.action} />
            </Suspense>
          ) : null}
        </div>
      </div>
      {machine ? (
        <Suspense fallback={null}>
          <Panel machine={machine.view} back={machine.action} />
        </Suspense>
      ) : null}
      {notices}
      {children}
      {after}
      {approval ? (
        <section className="mb-4 rounded-lg border border-line bg-panel p-4">
          <Suspense fallback={null}>
            <Approval history={approval} />
          </Suspense>
        </section>
      ) : null}
      {history ? <DocumentHistory history={history} /> : null}
    </div>
  );
}

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
