/**
 * The page half of the transitions engine: a row's buttons (only those the user may take from the row's state), the
 * toolbar's buttons for the selected rows, and the confirmation the server asks for (rows named, asked fields), all
 * plain forms so that they work before the page's JavaScript has loaded.
 */
import { Form, useActionData } from "@remix-run/react";
import { useMessage } from "~/i18n/message";
import { ConfirmPanel, RefusalPanel } from "~/modules/resource/confirm-panel";
import { Button, describedBy, FieldNotes } from "~/ui/field";
import { boxClass } from "~/ui/input";
import { RowForm } from "~/widgets/list-navigation";
import { transitionNamed, transitionsFor, type MachineView } from "./machine";
import type { TransitionActionData } from "./engine.server";

const toneClass = (tone: "primary" | "danger" | undefined) => (tone === "danger" ? "text-danger" : "text-success");

/**
 * The transitions a row offers this user, each a button that asks the server for the confirmation. A row that offers
 * none renders nothing and calls no hook: most rows of a long list (执行中, 已完成 contracts) have none, and a
 * translator hook per row was a measurable part of a list page's server render.
 */
export function TransitionButtons<Row extends { id: number }>({ machine, row, codes, me, only }: { machine: MachineView<Row>; row: Row; codes: readonly string[]; me: number; only?: readonly string[] }) {
  const offered = transitionsFor(machine, row, codes, { id: me }).filter((t) => !only || only.includes(t.name));
  return offered.length ? <RowTransitions id={row.id} offered={offered} /> : null;
}

function RowTransitions({ id, offered }: { id: number; offered: readonly { name: string; label: string; tone?: "primary" | "danger" }[] }) {
  const message = useMessage();
  return (
    <>
      {offered.map((t) => (
        <RowForm key={t.name} className="inline">
          <input type="hidden" name="ids" value={id} />
          <button type="submit" name="intent" value={`confirm:${t.name}`} className={toneClass(t.tone)}>
            {message(t.label)}
          </button>
        </RowForm>
      ))}
    </>
  );
}

/** The transitions a document offers this user on its own page (not in a list): each a plain form posting to `action`. */
export function DocumentTransitions<Row extends { id: number }>({ machine, row, codes, me, action }: { machine: MachineView<Row>; row: Row; codes: readonly string[]; me: number; action: string }) {
  const message = useMessage();
  return (
    <>
      {transitionsFor(machine, row, codes, { id: me }).map((t) => (
        <Form key={t.name} method="post" action={action}>
          <input type="hidden" name="ids" value={row.id} />
          <Button type="submit" name="intent" value={`confirm:${t.name}`} variant={t.tone === "danger" ? "danger" : "primary"}>
            {message(t.label)}
          </Button>
        </Form>
      ))}
    </>
  );
}

/** Buttons for the rows selected in the list (inside the list's form): every transition whose code the user holds. */
export function TransitionToolbar<Row>({ machine, codes, only }: { machine: MachineView<Row>; codes: readonly string[]; only?: readonly string[] }) {
  const message = useMessage();
  return (
    <>
      {machine.transitions
        .filter((t) => codes.includes(t.permission) && (!only || only.includes(t.name)))
        .map((t) => (
          <Button key={t.name} type="submit" name="intent" value={`confirm:${t.name}`} variant="ghost">
            {message(t.label)}
          </Button>
        ))}
    </>
  );
}

/** The confirmation of a transition of the screen's machines (and the refusal of one), after the server asked for it. */
export function TransitionPanel<Row>({ machine, back }: { machine: MachineView<Row> | readonly MachineView<Row>[]; back: string }) {
  const action = useActionData<TransitionActionData>();
  const message = useMessage();
  if (action?.intent === "transitionRefused") return <RefusalPanel message={message(action.error)} back={back} />;
  if (action?.intent !== "confirmTransition") return null;
  const t = (Array.isArray(machine) ? machine : [machine as MachineView<Row>]).map((m) => transitionNamed(m, action.transition)).find(Boolean);
  if (!t) return null;
  const detail = action.labels.join("、") + (action.more ? ` ${message(`workflow:more|${action.more}`)}` : "");
  return (
    <ConfirmPanel title={message(t.confirm)} detail={detail} back={back} formAction={back} tone={t.tone ?? "primary"}>
      {action.ids.map((id) => (
        <input key={id} type="hidden" name="ids" value={id} />
      ))}
      <input type="hidden" name="versions" value={action.versions} />
      <input type="hidden" name="intent" value={`transition:${t.name}`} />
      {action.details ? (
        <dl className="mb-4 text-sm">
          <dt className="text-muted">{message(action.details.label)}</dt>
          {action.details.lines.map((line, i) => (
            <dd key={i} className="mt-0.5 whitespace-pre-wrap break-all text-ink">
              {line}
            </dd>
          ))}
        </dl>
      ) : null}
      {(t.asks ?? []).map((ask) => {
        const id = `transition-${ask.key}`;
        const error = action.field === ask.key && action.error ? message(action.error) : null;
        return (
          <div key={ask.key} className="mb-4">
            <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
              {ask.required ? (
                <span className="mr-0.5 text-danger" aria-hidden>
                  *
                </span>
              ) : null}
              {message(ask.label)}
            </label>
            <textarea
              id={id}
              name={ask.key}
              maxLength={ask.maxLength}
              defaultValue={action.values?.[ask.key] ?? ""}
              aria-required={ask.required || undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(id, null, error)}
              className={`${boxClass} h-20 w-full px-3 py-2`}
            />
            <FieldNotes id={id} error={error} />
          </div>
        );
      })}
    </ConfirmPanel>
  );
}
