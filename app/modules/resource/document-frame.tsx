/**
 * The frame every document page stands in: its title with badges, back and print beside the actions its machine offers,
 * the notices under them, the form (a DocumentForm, document-form.tsx, in a chunk of its own: loadedAfterPage), what
 * comes after it, the approval trail and the history of changes. The declared document page
 * (document-page.tsx) and the contract document fill the same slots, so a document looks and behaves the same
 * whichever built it.
 */
import { lazy, memo, Suspense, type ComponentType, type ReactNode } from "react";
import type { ApprovalHistoryPanel } from "~/modules/workflow/approval-history";
import type { MachineView } from "~/modules/workflow/machine";
import { LinkButton } from "~/ui/button";
import { FlashToast } from "~/widgets/toast";
import { DocumentHistory } from "./document-history";

// the machine's buttons, its confirmation panel and the approval trail come after the page: the server renders them, the
// browser loads them as it hydrates (a document page's first load stays a list's plus its form; docs/documents.md)
const Transitions = lazy(() => import("~/modules/workflow/transition-ui").then((m) => ({ default: m.DocumentTransitions })));
const Panel = lazy(() => import("~/modules/workflow/transition-ui").then((m) => ({ default: m.TransitionPanel })));
const Approval = lazy(() => import("~/modules/workflow/approval-history").then((m) => ({ default: m.ApprovalHistoryPanel })));

/**
 * A part of a document's page in a chunk of its own (its form, with Conform's state and the lines tables): the server
 * renders it with the page, the browser hydrates it once its code is in, and until then it stays the server's HTML (a
 * form posts as a plain form). Memoised on its props, which must be stable (module constants, primitives): a boundary
 * still waiting for its code that receives an update is rendered anew by the browser, empty until the code is in.
 */
export function loadedAfterPage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the props pass through as the part declares them
  const Part = lazy(async () => ({ default: (await load()) as ComponentType<any> }));
  return memo(function AfterPage(props: P) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  });
}

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
