/**
 * 个人巡检's records: an inspector fills in a procedure for a machine (for a task, or on their own), each item judged
 * as its kind says (a pass or a fail; a reading within its range; a choice not among the failing ones; a photo or a
 * signature given when required). The record keeps the procedure's name, revision and items as they were; each failed
 * item raises an abnormality (异常上报) naming it; the task is done. A failed record may be sent for a retest (复检): a
 * task for the same machine and procedure, once. All in one batch, so a record is stored whole or not at all, and
 * the same task posted twice stores one record (the task's unique record).
 */
import { and, asc, desc, eq, lte, or, sql } from "drizzle-orm";
import { batch } from "../../../db/client";
import { brokeRule } from "../../../db/guard";
import { users, vehicles } from "../../../db/schema";
import { visibleVehicleIdWhere, visibleVehiclesWhere } from "../../../db/rules/data-scope";
import { ofTenant, sameTenant, tenantWhere, withTenant } from "../../../db/tenant";
import { plainUnits, unitsOf } from "~/lib/field-codecs";
import { todayInZone } from "~/lib/tenant-clock";
import type { RequestScope } from "~/modules/access/access.server";
import { takeNumber } from "~/modules/numbering/numbering.server";
import { auditRecord, runCommand } from "~/modules/resource/command.server";
import { containing, defineResource, refusedWrites, withLimit, type BatchItem } from "~/modules/resource/resource.server";
import { machineLabel, machineMatches } from "~/modules/telematics/vehicle-choice.server";
import { ABNORMALITY_NUMBERING } from "./abnormality.server";
import { abnormalities, inspectionRecords, inspectionTasks, procedures, recordItems } from "./tables.server";
import { PROCEDURE_STATE } from "./procedure.resource";
import { choiceList, procedureForRecord, type ProcedureForRecord } from "./procedure.server";
import { recordView } from "./record.resource";
import { TASK_STATE } from "./task.server";

/** XJ-202612-0001 */
export const RECORD_NUMBERING = { kind: "inspectionRecord", prefix: "XJ" } as const;

/** A record is seen with its machine (the user's data scope over machines). */
export const recordScopeWhere = (scope: Pick<RequestScope, "user">) => visibleVehicleIdWhere(scope, inspectionRecords.vehicleId);

/** What the form posts of an item: its answer, its files, its note. */
export interface ItemAnswer {
  value: string;
  photos: string;
  note: string;
}

export interface JudgedItem {
  position: number;
  name: string;
  itemKind: string;
  standard: string | null;
  unit: string | null;
  minValue: number | null;
  maxValue: number | null;
  value: string | null;
  passed: number | null;
  photos: string | null;
  note: string | null;
}

const fileIds = (text: string) => {
  const ids = text.split(",").map((x) => x.trim()).filter((x) => /^\d{1,12}$/.test(x));
  return ids.length ? ids.slice(0, 5).join(",") : null;
};

/**
 * Each item's answer judged by its kind: the item and its refusal (a message key) or its stored form. A failed item
 * needs a word of what is wrong (its note). Pure: the page's own check and the tests read it too.
 */
export function judgeItems(items: ProcedureForRecord["items"], answers: ItemAnswer[]): { judged: JudgedItem[]; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const judged = items.map((item, i): JudgedItem => {
    const a = answers[i] ?? { value: "", photos: "", note: "" };
    const raw = a.value.trim();
    const note = a.note.trim().slice(0, 200) || null;
    const photos = fileIds(a.photos);
    const base = { position: i, name: item.name, itemKind: item.itemKind, standard: item.standard, unit: item.unit, minValue: item.minValue, maxValue: item.maxValue, photos, note };
    const required = item.required === 1;
    let value: string | null = null;
    let passed: number | null = null;
    switch (item.itemKind) {
      case "pass":
        if (raw === "1" || raw === "0") [value, passed] = [raw, Number(raw)];
        else if (raw) errors[`items[${i}].value`] = "validation.choice";
        break;
      case "reading": {
        if (!raw) break;
        const tenths = unitsOf(raw, 1);
        if (tenths === null || Math.abs(tenths) > 1e10) errors[`items[${i}].value`] = "validation.quantity|1";
        else {
          value = String(tenths);
          passed = (item.minValue == null || tenths >= item.minValue) && (item.maxValue == null || tenths <= item.maxValue) ? 1 : 0;
        }
        break;
      }
      case "choice":
        if (!raw) break;
        if (!choiceList(item.choices).includes(raw)) errors[`items[${i}].value`] = "validation.choice";
        else [value, passed] = [raw, choiceList(item.failChoices).includes(raw) ? 0 : 1];
        break;
      default:
        // a photo or a signature: given is passed
        if (photos) passed = 1;
    }
    if (!errors[`items[${i}].value`] && required && passed === null) errors[`items[${i}].value`] = item.itemKind === "photo" ? "inspection:photoRequired" : item.itemKind === "signature" ? "inspection:signatureRequired" : "validation.required";
    if (passed === 0 && !note) errors[`items[${i}].note`] = "inspection:failNeedsNote";
    return { ...base, value, passed };
  });
  return { judged, errors };
}

/** A reading's words: 12.5 MPa; a pass: 合格 / 不合格 (the caller's language). */
export function answerText(item: Pick<JudgedItem, "itemKind" | "value" | "unit">, lang: string): string {
  if (item.value === null) return "";
  if (item.itemKind === "reading") return `${plainUnits(Number(item.value), 1)}${item.unit ? ` ${item.unit}` : ""}`;
  if (item.itemKind === "pass") return item.value === "1" ? (lang === "en-US" ? "Pass" : "合格") : lang === "en-US" ? "Fail" : "不合格";
  return item.value;
}

export type RecordTarget = { taskId: number } | { vehicleId: number; procedureId: number };

/** The task (the user's own, still to do, of a machine they see) or the machine and procedure of an ad-hoc record. */
export async function recordStart(scope: RequestScope, target: RecordTarget) {
  let vehicleId: number;
  let procedureId: number;
  let task: typeof inspectionTasks.$inferSelect | undefined;
  if ("taskId" in target) {
    [task] = await scope.db
      .select()
      .from(inspectionTasks)
      .where(tenantWhere(inspectionTasks, scope, eq(inspectionTasks.id, target.taskId), eq(inspectionTasks.assigneeId, scope.user.id), visibleVehicleIdWhere(scope, inspectionTasks.vehicleId)))
      .limit(1);
    if (!task) return null;
    vehicleId = task.vehicleId;
    procedureId = task.procedureId;
  } else {
    ({ vehicleId, procedureId } = target);
  }
  const [machine] = await scope.db
    .select({ id: vehicles.id, label: machineLabel, vehicleType: vehicles.vehicleType })
    .from(vehicles)
    .where(and(ofTenant(vehicles, scope), eq(vehicles.id, vehicleId), visibleVehiclesWhere(scope)))
    .limit(1);
  if (!machine) return null;
  const procedure = await procedureForRecord(scope, procedureId);
  if (!procedure) return null;
  return { task: task ?? null, machine, procedure };
}
export type RecordStart = NonNullable<Awaited<ReturnType<typeof recordStart>>>;

export type SaveRecordResult = { ok: true; id: number; abnormalities: number } | { ok: false; status: 400 | 409; errors: Record<string, string> };

/**
 * Stores a record: the head (numbered in the batch), its items, an abnormality for each failed item (numbered in the
 * batch too), the task done. A task already done (another post of the same form) stores nothing and says so.
 */
export async function saveRecord(scope: RequestScope, start: RecordStart, answers: ItemAnswer[], remark: string): Promise<SaveRecordResult> {
  const { task, machine, procedure } = start;
  if (task && task.state !== TASK_STATE.pending) return { ok: false, status: 409, errors: { form: "inspection:taskDone" } };
  if (!task && procedure.state !== PROCEDURE_STATE.enabled) return { ok: false, status: 409, errors: { form: "inspection:procedureDisabled" } };
  const { judged, errors } = judgeItems(procedure.items, answers);
  if (Object.keys(errors).length) return { ok: false, status: 400, errors };
  const now = Date.now();
  const timeZone = scope.user.timeZone;
  const today = todayInZone(timeZone, now);
  const failed = judged.filter((j) => j.passed === 0);
  const number = takeNumber(scope.db, scope.user.tenantId, RECORD_NUMBERING, now, timeZone);
  const recordId = sql`(select max(${inspectionRecords.id}) from ${inspectionRecords} where ${ofTenant(inspectionRecords, scope)})`;
  const items: BatchItem[] = [
    number.bump,
    scope.db.insert(inspectionRecords).values(
      withTenant(scope, {
        number: number.value as unknown as string,
        taskId: task?.id ?? null,
        vehicleId: machine.id,
        procedureId: procedure.id,
        procedureRevision: procedure.revision,
        procedureName: procedure.name,
        kind: procedure.kind,
        preUse: procedure.preUse,
        inspectorId: scope.user.id,
        doneOn: today,
        passed: failed.length ? 0 : 1,
        failedItems: failed.length,
        retestOf: task?.retestOf ?? null,
        remark: remark.trim().slice(0, 200) || null,
        creatorId: scope.user.id,
        createdAt: now,
        updatedAt: now,
      }),
    ).returning({ id: inspectionRecords.id }),
  ];
  // D1 binds at most 100 parameters a statement: 13 an item
  const rows = judged.map((j) => withTenant(scope, { ...j, recordId: recordId as unknown as number }));
  for (let i = 0; i < rows.length; i += 6) items.push(scope.db.insert(recordItems).values(rows.slice(i, i + 6)));
  for (const f of failed) {
    const n = takeNumber(scope.db, scope.user.tenantId, ABNORMALITY_NUMBERING, now, timeZone);
    items.push(
      n.bump,
      scope.db.insert(abnormalities).values(
        withTenant(scope, {
          number: n.value as unknown as string,
          vehicleId: machine.id,
          source: "inspection",
          recordId: recordId as unknown as number,
          recordItem: f.position,
          title: f.name.slice(0, 50),
          detail: [f.standard, answerText(f, "zh-CN"), f.note].filter(Boolean).join("；").slice(0, 500),
          severity: "normal",
          foundOn: today,
          attachments: f.photos,
          creatorId: scope.user.id,
          createdAt: now,
          updatedAt: now,
        }),
      ),
    );
  }
  items.push(auditRecord(scope, { entity: "inspectionRecord", action: "create", id: recordId, after: { vehicleId: machine.id, procedureId: procedure.id, revision: procedure.revision, taskId: task?.id ?? null, failedItems: failed.length } }));
  if (task) {
    items.push(
      scope.db
        .update(inspectionTasks)
        .set({ state: TASK_STATE.done, recordId: recordId as unknown as number })
        .where(tenantWhere(inspectionTasks, scope, eq(inspectionTasks.id, task.id), eq(inspectionTasks.state, TASK_STATE.pending))),
    );
  }
  let results: unknown[];
  try {
    results = await batch(scope.db, items as [BatchItem, ...BatchItem[]]);
  } catch (error) {
    // the same task posted twice at once: the second record breaks the task's unique record and stores nothing
    if (brokeRule(error, "inspection_records.task_id")) return { ok: false, status: 409, errors: { form: "inspection:taskDone" } };
    throw error;
  }
  const [stored] = results[1] as { id: number }[];
  return { ok: true, id: stored!.id, abnormalities: failed.length };
}

/** A record with its items and its retest, as its page shows it: null for another tenant's or a machine out of scope. */
export async function loadRecord(scope: RequestScope, id: number) {
  const [head] = await scope.db
    .select({ record: inspectionRecords, plate: machineLabel, inspector: users.userName })
    .from(inspectionRecords)
    .innerJoin(vehicles, and(eq(vehicles.id, inspectionRecords.vehicleId), sameTenant(vehicles, inspectionRecords)))
    .leftJoin(users, and(eq(users.id, inspectionRecords.inspectorId), sameTenant(users, inspectionRecords)))
    .where(tenantWhere(inspectionRecords, scope, eq(inspectionRecords.id, id), recordScopeWhere(scope)))
    .limit(1);
  if (!head) return null;
  const [items, retest, raised] = await batch(scope.db, [
    scope.db.select().from(recordItems).where(tenantWhere(recordItems, scope, eq(recordItems.recordId, id))).orderBy(asc(recordItems.position)),
    scope.db.select({ id: inspectionTasks.id, state: inspectionTasks.state, recordId: inspectionTasks.recordId }).from(inspectionTasks).where(tenantWhere(inspectionTasks, scope, eq(inspectionTasks.retestOf, id))).limit(1),
    scope.db.select({ id: abnormalities.id, number: abnormalities.number, title: abnormalities.title, state: abnormalities.state }).from(abnormalities).where(tenantWhere(abnormalities, scope, eq(abnormalities.recordId, id))).orderBy(asc(abnormalities.id)),
  ]);
  return { ...head.record, plate: head.plate, inspector: head.inspector ?? "", items, retest: retest[0] ?? null, abnormalities: raised };
}

/**
 * 复检: a failed record sent back for a retest, a task for the same machine and procedure due today, for the record's
 * inspector. Once a record (the task's unique retest): asked twice, or for a record that passed, it is refused.
 */
export async function requestRetest(scope: RequestScope, recordId: number): Promise<{ ok: true } | { ok: false; status: 404 | 409; message: string }> {
  const record = await loadRecord(scope, recordId);
  if (!record) return { ok: false, status: 404, message: "resource:notFound" };
  if (record.passed) return { ok: false, status: 409, message: "inspection:retestPassed" };
  if (record.retest) return { ok: false, status: 409, message: "inspection:retestAsked" };
  const done = await runCommand(
    scope,
    [
      scope.db
        .insert(inspectionTasks)
        .values(withTenant(scope, { planId: null, vehicleId: record.vehicleId, procedureId: record.procedureId, assigneeId: record.inspectorId, dueOn: todayInZone(scope.user.timeZone), retestOf: record.id }))
        .onConflictDoNothing(),
      // asked twice at once: the second makes no task, and stops whole with its record
      { expect: 1 },
    ],
    { entity: "inspectionRecord", action: "retest", id: record.id },
  );
  return done.ok ? { ok: true } : { ok: false, status: 409, message: "inspection:retestAsked" };
}

/** The signed-in user's tasks to do (due today or before; a missed daily one is not), soonest first, with their machines. */
export async function myTasks(scope: RequestScope, today: string) {
  return scope.db
    .select({
      id: inspectionTasks.id,
      dueOn: inspectionTasks.dueOn,
      retestOf: inspectionTasks.retestOf,
      plate: machineLabel,
      procedure: procedures.name,
      kind: procedures.kind,
      preUse: procedures.preUse,
    })
    .from(inspectionTasks)
    .innerJoin(vehicles, and(eq(vehicles.id, inspectionTasks.vehicleId), sameTenant(vehicles, inspectionTasks)))
    .innerJoin(procedures, and(eq(procedures.id, inspectionTasks.procedureId), sameTenant(procedures, inspectionTasks)))
    .where(tenantWhere(inspectionTasks, scope, eq(inspectionTasks.assigneeId, scope.user.id), eq(inspectionTasks.state, TASK_STATE.pending), lte(inspectionTasks.dueOn, today), visibleVehiclesWhere(scope)))
    .orderBy(asc(inspectionTasks.dueOn), asc(inspectionTasks.id))
    .limit(100);
}

/** How many tasks the signed-in inspector has to do today or before (the workbench's to-do); none read when not `yes`. */
export function myTaskCountRead(scope: RequestScope, today: string, yes: boolean) {
  return scope.db
    .select({ n: sql<number>`count(*)`.as("task_count") })
    .from(inspectionTasks)
    .where(tenantWhere(inspectionTasks, scope, eq(inspectionTasks.assigneeId, scope.user.id), eq(inspectionTasks.state, TASK_STATE.pending), lte(inspectionTasks.dueOn, today), visibleVehicleIdWhere(scope, inspectionTasks.vehicleId), yes ? undefined : sql`0`));
}

/** The signed-in inspector's last records, newest first. */
export function myRecords(scope: RequestScope, limit = 20) {
  return scope.db
    .select({ id: inspectionRecords.id, number: inspectionRecords.number, plate: machineLabel, procedureName: inspectionRecords.procedureName, doneOn: inspectionRecords.doneOn, passed: inspectionRecords.passed, failedItems: inspectionRecords.failedItems })
    .from(inspectionRecords)
    .innerJoin(vehicles, and(eq(vehicles.id, inspectionRecords.vehicleId), sameTenant(vehicles, inspectionRecords)))
    .where(tenantWhere(inspectionRecords, scope, eq(inspectionRecords.inspectorId, scope.user.id), recordScopeWhere(scope)))
    .orderBy(desc(inspectionRecords.id))
    .limit(limit);
}

/** The records list (read-only): newest first; by machine, procedure, number, result. */
export const recordResource = defineResource({
  view: recordView,
  table: inspectionRecords,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: inspectionRecords.id,
        version: inspectionRecords.version,
        number: inspectionRecords.number,
        plate: machineLabel,
        procedureName: sql<string>`${inspectionRecords.procedureName} || ' V' || ${inspectionRecords.procedureRevision}`.as("procedure_label"),
        kind: inspectionRecords.kind,
        inspector: users.userName,
        doneOn: inspectionRecords.doneOn,
        passed: inspectionRecords.passed,
        failedItems: inspectionRecords.failedItems,
        retest: sql<number>`${inspectionRecords.retestOf} is not null`.as("is_retest"),
        createdAt: inspectionRecords.createdAt,
      })
      .from(inspectionRecords)
      .innerJoin(vehicles, and(eq(vehicles.id, inspectionRecords.vehicleId), sameTenant(vehicles, inspectionRecords)))
      .leftJoin(users, and(eq(users.id, inspectionRecords.inspectorId), sameTenant(users, inspectionRecords)))
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  mapRows: (rows) => rows.map((r) => ({ ...r, passed: String(r.passed), retest: String(r.retest) })),
  filters: {
    q: (v) =>
      or(
        containing(inspectionRecords.number, v),
        containing(inspectionRecords.procedureName, v),
        machineMatches(inspectionRecords.vehicleId, inspectionRecords, v)
      ),
    passed: (v) => (v === "0" || v === "1" ? eq(inspectionRecords.passed, Number(v)) : undefined),
    kind: (v) => (/^[a-z]{1,10}$/.test(v) ? eq(inspectionRecords.kind, v) : undefined),
  },
  sortColumns: { number: inspectionRecords.number, doneOn: inspectionRecords.doneOn, createdAt: inspectionRecords.createdAt },
  defaultOrder: [desc(inspectionRecords.createdAt), desc(inspectionRecords.id)],
  scopeWhere: recordScopeWhere,
  auditView: (row) => row,
  ...refusedWrites,
});

/** The records of one machine, newest first, for its page. */
export async function vehicleInspections(scope: RequestScope, vehicleId: number, limit = 10) {
  return scope.db
    .select({ id: inspectionRecords.id, number: inspectionRecords.number, procedureName: inspectionRecords.procedureName, doneOn: inspectionRecords.doneOn, passed: inspectionRecords.passed, failedItems: inspectionRecords.failedItems })
    .from(inspectionRecords)
    .where(tenantWhere(inspectionRecords, scope, eq(inspectionRecords.vehicleId, vehicleId), recordScopeWhere(scope)))
    .orderBy(desc(inspectionRecords.doneOn), desc(inspectionRecords.id))
    .limit(limit);
}
