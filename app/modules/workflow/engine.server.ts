/**
 * The one engine that moves documents between states (machine.ts declares them): it checks the permission code, the
 * rows' tenant and data scope, the `from` state, the guard, the asked fields and the versions the user confirmed, then
 * writes every row's new state, its audit record and the side writes as ONE batch, each row's update guarded so that
 * a row changed meanwhile rolls the whole batch back (all or nothing). Effects outside the database (telling the hub,
 * notices) run after the batch.
 */
import type { Message } from "~/i18n/keys";
import { data, redirect } from "@remix-run/cloudflare";
import { and, eq, getTableColumns, inArray, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { batch } from "../../../db/client";
import { brokeRule, expectChanges, isGuardFailure, isUniqueFailure } from "../../../db/guard";
import type { TenantTable } from "../../../db/tenant";
import { auditLogs } from "../../../db/schema";
import { ofTenant, withTenant } from "../../../db/tenant";
import type { RequestScope } from "~/modules/access/access.server";
import type { Db } from "../../../db/client";
import type { Env } from "../../../workers/env";
import { flashCookie } from "~/modules/auth/session.server";
import { postedValues } from "~/modules/resource/form.server";
import { postedIds } from "~/modules/resource/resource.server";
import { transitionNamed, type MachineView, type Refusal, type TransitionDef } from "./machine";

type BatchItem = PromiseLike<unknown>;
/** A table whose rows move between states: an id, a tenant, a version for the stale check, a state column. */
export type StatefulTable = SQLiteTable & TenantTable & { id: SQLiteColumn; version: SQLiteColumn };
/** What every row the engine moves carries. */
export type StatefulRow = { id: number; version: number };
export type Input = Record<string, string>;

/** What a transition's own logic decided beyond the declaration: the state per row (approval steps), extra writes. */
export interface Plan {
  /** the state each row ends in, where it differs from the transition's `to` */
  to?: Map<number, number>;
  /** statements joining the batch after the rows' updates */
  writes?: BatchItem[];
}

/**
 * Whoever moves rows: a signed-in user's scope (RequestScope), or one without a user: the customer through a
 * statement's signed link, whose scope holds only the link's own code (no role grants it) and no user id.
 */
export interface EngineScope {
  env: Env;
  db: Db;
  user: { id: number | null; tenantId: number };
  access: { permissions: ReadonlySet<string> };
}

/** The server half of a machine: where its rows live and what a transition does beyond changing the state. */
export interface Machine<Row extends StatefulRow, S extends EngineScope = RequestScope> {
  view: MachineView<Row>;
  table: StatefulTable;
  /** the property of the table's state column */
  stateKey: string;
  /** the rows the user may act on among these ids (at most 90): the tenant's, inside the user's data scope */
  load(scope: S, ids: number[]): PromiseLike<Row[]>;
  /** how a row is named in a confirmation */
  label(row: Row): string;
  /** the answer when some posted id is not among the user's rows (default: 404, as if it did not exist) */
  missing?: Refusal;
  /** what the confirmation shows of each row beyond its name (a data permission's reason), under a label (message key) */
  details?: { label: string; of: (row: Row) => string };
  /** columns a transition sets besides the state and the version (e.g. the reviewer and the refusal's reason) */
  set?(scope: S, t: TransitionDef<Row>, input: Input, now: number): Record<string, unknown>;
  /** rules that need the database, and per-row decisions (an approval's step); a refusal changes nothing */
  plan?(scope: S, t: TransitionDef<Row>, rows: Row[], input: Input): Promise<Plan | Refusal>;
  /**
   * conditions each row's guarded update adds to its version and state (a bill's items adding up to its amount): a row
   * that no longer meets them changes nothing, and the batch is refused as stale
   */
  where?(scope: S, t: TransitionDef<Row>): SQL | undefined;
  /** side writes in the same batch (e.g. a disabled user's sessions end) */
  writes?(scope: S, t: TransitionDef<Row>, rows: Row[], input: Input): BatchItem[];
  /**
   * uniqueness rules the database keeps that a transition may break (a refused act submitted again beside an open one
   * of its kind), each with its refusal: answered instead of the stale one
   */
  conflicts?: { rule: string; refusal: Refusal }[];
  /** effects after the batch is stored (tell the hub, notify) */
  after?(scope: S, t: TransitionDef<Row>, rows: Row[], input: Input): Promise<void>;
}

export type TransitionResult<Row> = { ok: true; rows: Row[]; transition: TransitionDef<Row> } | { ok: false; refusal: Refusal; field?: string };

const refuse = (message: Message, status: Refusal["status"], field?: string) => ({ ok: false as const, refusal: { message, status }, field });
export const STALE = "resource:stale";

/** The versions a confirmation was shown with, "id:version,…". */
export function parseVersions(posted: string | null | undefined): Map<number, number> | null {
  if (!posted) return null;
  const seen = new Map<number, number>();
  for (const part of posted.split(",")) {
    const [id, version] = part.split(":").map(Number);
    if (Number.isSafeInteger(id) && Number.isSafeInteger(version)) seen.set(id!, version!);
  }
  return seen;
}
export const versionsOf = (rows: StatefulRow[]) => rows.map((r) => `${r.id}:${r.version}`).join(",");

/** A declared message, else the default (written as two returns: `a ?? b` would make tsc reduce a union of every message key). */
function messageOr(declared: Message | undefined, fallback: Message): Message {
  if (declared !== undefined) return declared;
  return fallback;
}

/** The asked fields, trimmed, checked against their declaration. */
function askedInput<Row>(t: TransitionDef<Row>, input: Input): { values: Input } | { message: Message; field: string } {
  const values: Input = {};
  for (const ask of t.asks ?? []) {
    const v = (input[ask.key] ?? "").trim();
    if (ask.required && !v) return { message: messageOr(ask.requiredMessage, "workflow:askRequired"), field: ask.key };
    if (v.length > ask.maxLength) return { message: messageOr(ask.tooLongMessage, `workflow:askTooLong|${ask.maxLength}`), field: ask.key };
    values[ask.key] = v;
  }
  return { values };
}

/**
 * Everything short of writing: the code, the rows (another tenant's or out of scope: 404), the asked fields, the
 * `from` state, the guard. `checkAsks` is off for the confirmation (it is where the user types them).
 */
async function admit<Row extends StatefulRow, S extends EngineScope>(scope: S, machine: Machine<Row, S>, name: string, ids: number[], input: Input, checkAsks: boolean) {
  const t = transitionNamed(machine.view, name);
  if (!t) return refuse("workflow:unknown", 400);
  if (!scope.access.permissions.has(t.permission)) return refuse("workflow:forbidden", 403);
  const unique = [...new Set(ids)];
  if (!unique.length) return refuse("resource:selectRows", 400);
  // D1 binds at most 100 parameters a statement: the ids are read 90 at a time
  const rows: Row[] = [];
  for (let i = 0; i < unique.length; i += 90) rows.push(...(await machine.load(scope, unique.slice(i, i + 90))));
  if (rows.length !== unique.length) return { ok: false as const, refusal: machine.missing ?? { message: "resource:notFound", status: 404 as const } };
  let values: Input = {};
  if (checkAsks) {
    const asked = askedInput(t, input);
    if ("message" in asked) return refuse(asked.message, 400, asked.field);
    values = asked.values;
  }
  const stuck = rows.find((r) => !t.from.includes(machine.view.stateOf(r)));
  if (stuck) return refuse(messageOr(t.notFrom, `workflow:notAllowed|${machine.label(stuck)}`), 409);
  for (const r of rows) {
    const refusal = t.guard?.(r, { id: scope.user.id });
    if (refusal) return { ok: false as const, refusal };
  }
  return { ok: true as const, t, rows, values };
}

/** The confirmation's content: the rows named, their versions (the run refuses if any changed meanwhile). */
export async function confirmTransition<Row extends StatefulRow, S extends EngineScope>(scope: S, machine: Machine<Row, S>, name: string, ids: number[]) {
  const admitted = await admit(scope, machine, name, ids, {}, false);
  if (!admitted.ok) return admitted;
  const shown = admitted.rows.slice(0, 10);
  const details = machine.details ? { label: machine.details.label, lines: shown.map(machine.details.of) } : undefined;
  return { ok: true as const, transition: admitted.t, rows: admitted.rows, labels: shown.map(machine.label), more: Math.max(0, admitted.rows.length - 10), versions: versionsOf(admitted.rows), details };
}

/**
 * Runs a transition on the rows, all or none. `versions` ("id:version,…", from the confirmation) makes a row changed
 * since the user saw it a refusal; without it the versions just read are the ones expected.
 */
export async function runTransition<Row extends StatefulRow, S extends EngineScope>(scope: S, machine: Machine<Row, S>, name: string, ids: number[], input: Input, versions?: string | null): Promise<TransitionResult<Row>> {
  const admitted = await admit(scope, machine, name, ids, input, true);
  if (!admitted.ok) return admitted;
  const { t, rows, values } = admitted;
  const confirmed = parseVersions(versions);
  if (confirmed && rows.some((r) => confirmed.get(r.id) !== r.version)) return refuse(STALE, 409);
  const planned = (await machine.plan?.(scope, t, rows, values)) ?? {};
  if ("message" in planned) return { ok: false, refusal: planned };

  const now = Date.now();
  const { table } = machine;
  const stateColumn = getTableColumns(table)[machine.stateKey]!;
  const extra = machine.set?.(scope, t, values, now) ?? {};
  const audit = t.audit ?? t.name;
  const items: BatchItem[] = [];
  for (const r of rows) {
    const to = planned.to?.get(r.id) ?? t.to;
    items.push(
      scope.db
        .update(table)
        .set({ [machine.stateKey]: to, version: r.version + 1, ...("updatedAt" in table ? { updatedAt: now } : {}), ...extra } as never)
        .where(and(eq(table.id, r.id), ofTenant(table, scope.user.tenantId), eq(table.version, r.version), inArray(stateColumn, [...t.from]), machine.where?.(scope, t))),
      expectChanges(scope.db, 1),
    );
  }
  const audits = rows.map((r) => withTenant(scope, {
    userId: scope.user.id,
    action: audit,
    entity: machine.view.kind,
    entityId: String(r.id),
    before: { state: machine.view.stateOf(r) },
    after: { state: planned.to?.get(r.id) ?? t.to, ...values },
    createdAt: now,
  }));
  // D1 binds at most 100 parameters a statement: eight a record
  for (let i = 0; i < audits.length; i += 12) items.push(scope.db.insert(auditLogs).values(audits.slice(i, i + 12)));
  items.push(...(planned.writes ?? []), ...(machine.writes?.(scope, t, rows, values) ?? []));
  try {
    await batch(scope.db, items as [BatchItem, ...BatchItem[]]);
  } catch (error) {
    const conflict = machine.conflicts?.find((c) => brokeRule(error, c.rule));
    if (conflict) return { ok: false, refusal: conflict.refusal };
    // a row changed between our read and the batch, or a concurrent decision took the same step first
    if (isGuardFailure(error) || isUniqueFailure(error)) return refuse(STALE, 409);
    throw error;
  }
  await machine.after?.(scope, t, rows, values);
  return { ok: true, rows, transition: t };
}

/** What a screen's action answers for the engine's intents. */
export type TransitionActionData =
  | { intent: "confirmTransition"; transition: string; ids: number[]; versions: string; labels: string[]; more: number; details?: { label: string; lines: string[] }; error?: string; field?: string; values?: Input }
  | { intent: "transitionRefused"; error: string };

/** The posted form's text fields (through the one form parser, postedValues): what a transition's asked fields read. */
const stringInput = (form: FormData): Input => Object.fromEntries(Object.entries(postedValues(form)).filter((e): e is [string, string] => typeof e[1] === "string"));

type Intent = { permission: null; run: (scope: RequestScope, form: FormData, back: string) => Promise<Response | ReturnType<typeof data>> };

/**
 * The intents a screen adds to its action for a machine, two a transition: `confirm:<name>` (ask first, with the rows
 * named and the fields the transition asks for) and `transition:<name>` (run it). Each checks the transition's own
 * permission code, so the screen's action needs only the screen (permission null). `done` picks where a success
 * goes (default: back to the list, with the saved toast).
 */
export function transitionIntents<Row extends StatefulRow>(machine: Machine<Row>, options: { done?: (t: TransitionDef<Row>, back: string) => string } = {}): Record<string, Intent> {
  const intents: Record<string, Intent> = {};
  for (const t of machine.view.transitions) {
    intents[`confirm:${t.name}`] = { permission: null, run: (scope, form) => confirmResponse(scope, machine, t.name, postedIds(form)) };
    intents[`transition:${t.name}`] = { permission: null, run: (scope, form, back) => runResponse(scope, machine, t.name, form, back, options.done) };
  }
  return intents;
}

/**
 * The intents 启用 / 停用 buttons posted before the engine, `confirmState` and `setState` with `field` = 1 to enable
 * (anything else disables): kept so that links, scripts and bookmarks made then still work.
 */
export function stateIntents<Row extends StatefulRow>(machine: Machine<Row>, field = "state"): Record<string, Intent> {
  const named = (form: FormData) => (form.get(field) === "1" ? "enable" : "disable");
  return {
    confirmState: { permission: null, run: (scope, form) => confirmResponse(scope, machine, named(form), postedIds(form)) },
    setState: { permission: null, run: (scope, form, back) => runResponse(scope, machine, named(form), form, back) },
  };
}

/** The confirmation as the action's answer (a refusal answers with its status and message). */
export async function confirmResponse<Row extends StatefulRow>(scope: RequestScope, machine: Machine<Row>, name: string, ids: number[]) {
  const asked = await confirmTransition(scope, machine, name, ids);
  if (!asked.ok) return refusalResponse(asked.refusal);
  return data<TransitionActionData>({ intent: "confirmTransition", transition: name, ids: asked.rows.map((r) => r.id), versions: asked.versions, labels: asked.labels, more: asked.more, details: asked.details });
}

/** Runs the posted transition: back to the list with the saved toast, or the refusal (an asked field's error re-asks). */
export async function runResponse<Row extends StatefulRow>(scope: RequestScope, machine: Machine<Row>, name: string, form: FormData, back: string, done?: (t: TransitionDef<Row>, back: string) => string) {
  const ids = postedIds(form);
  const input = stringInput(form);
  const result = await runTransition(scope, machine, name, ids, input, form.get("versions") ? String(form.get("versions")) : null);
  if (result.ok) return redirect(done ? done(result.transition, back) : back, { headers: { "Set-Cookie": flashCookie("saved") } });
  if (result.field) {
    const asked = await confirmTransition(scope, machine, name, ids);
    if (asked.ok) {
      return data<TransitionActionData>(
        { intent: "confirmTransition", transition: name, ids, versions: String(form.get("versions") ?? asked.versions), labels: asked.labels, more: asked.more, details: asked.details, error: result.refusal.message, field: result.field, values: input },
        { status: result.refusal.status },
      );
    }
  }
  return refusalResponse(result.refusal);
}

export function refusalResponse(refusal: Refusal) {
  if (refusal.status === 404) throw new Response("Not Found", { status: 404 });
  return data<TransitionActionData>({ intent: "transitionRefused", error: refusal.message }, { status: refusal.status });
}
