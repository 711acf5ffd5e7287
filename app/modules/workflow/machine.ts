/**
 * A document's states and the transitions between them, declared once (client-safe: the page shows the buttons from
 * this, the server half in engine.server.ts runs them). Texts are message keys ("namespace:key"), so both languages
 * live in app/i18n beside the screen's other texts.
 */

import type { Message, MessageKey } from "~/i18n/keys";

/** A field a transition asks for in its confirmation (a reason, a description); posted under `key`. */
export interface AskDef {
  key: string;
  /** message key of the field's label */
  label: MessageKey;
  required?: boolean;
  maxLength: number;
  /** message keys of the refusals: empty (required) and too long */
  requiredMessage?: Message;
  tooLongMessage?: Message;
}

/** A refusal of a guard: a message key ("ns:key", or "ns:key|value") and the HTTP status it answers with. */
export interface Refusal {
  message: Message;
  status: 400 | 403 | 404 | 409;
}

/** Who acts: the guard may compare rows with the user (nobody approves their own application); none for a customer's link. */
export interface Actor {
  id: number | null;
}

export interface TransitionDef<Row = Record<string, unknown>> {
  /** the transition's name, posted as `transition` */
  name: string;
  /** the states it may start from */
  from: readonly number[];
  /** the state it ends in (an approval step that is not the last leaves the document where it is: see approval) */
  to: number;
  /** the function permission code it needs, e.g. `userManage:edit` */
  permission: string;
  /** message key of the button */
  label: MessageKey;
  tone?: "primary" | "danger";
  /** message key of the confirmation's question */
  confirm: MessageKey;
  /** message key of the refusal when a row is not in a `from` state (default workflow:notAllowed) */
  notFrom?: Message;
  asks?: AskDef[];
  /** a rule each row must pass, checked on the page (the button is not shown) and again on the server */
  guard?: (row: Row, actor: Actor) => Refusal | null;
  /** the audit record's action (default: the name) */
  audit?: string;
}

export interface MachineView<Row = Record<string, unknown>> {
  /** the audit records' entity */
  kind: string;
  stateOf: (row: Row) => number;
  transitions: readonly TransitionDef<Row>[];
}

/** Defines a machine with its row type inferred from the state reader. */
export function defineMachine<Row>(machine: MachineView<Row>): MachineView<Row> {
  return machine;
}

/** The transitions a user may take from a row: its state is a `from`, they hold the code, the guard lets them. */
export function transitionsFor<Row>(machine: MachineView<Row>, row: Row, codes: ReadonlySet<string> | readonly string[], actor: Actor): TransitionDef<Row>[] {
  const held = codes instanceof Set ? codes : new Set(codes as readonly string[]);
  const state = machine.stateOf(row);
  return machine.transitions.filter((t) => t.from.includes(state) && held.has(t.permission) && !t.guard?.(row, actor));
}

/** The codes of a machine the user holds: what the page needs to show its buttons, and nothing more. */
export function heldCodes<Row>(machine: MachineView<Row>, permissions: ReadonlySet<string>): string[] {
  return [...new Set(machine.transitions.map((t) => t.permission))].filter((c) => permissions.has(c));
}

export function transitionNamed<Row>(machine: MachineView<Row>, name: string): TransitionDef<Row> | undefined {
  return machine.transitions.find((t) => t.name === name);
}
