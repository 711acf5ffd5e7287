/**
 * The workbench's reads (/manageWork): the user's fleet size, today's alarms by level with the newest five, the
 * alarms waiting to be handled, and the screens they use most — one D1 batch, beside the to-do's own batch. Every
 * read carries the tenant and the user's data scope; a part the user's screens do not grant is not read at all
 * (its query asks for nothing) and not shown.
 */
import { and, desc, eq, gte, sql, type SQL } from "drizzle-orm";
import { batch, batchableSelect } from "../../../db/client";
import { alarms, vehicles, visitLogs } from "../../../db/schema";
import { ofTenant, sameTenant, tenantWhere } from "../../../db/tenant";
import { visibleVehicleIdWhere, visibleVehiclesWhere } from "../../../db/rules/data-scope";
import { HUB_SCREENS } from "../../../workers/fleet-hub/protocol";
import { labelOf } from "~/lib/list/types";
import { menuItemFor } from "~/lib/navigation";
import { dayOf } from "~/lib/tenant-clock";
import { dayEndMs, dayStartMs } from "~/lib/tenant-days";
import { administersMenus, hasScreen, isPlannedMenu, plannedScreensShown, type RequestScope } from "~/modules/access/access.server";
import { alarmDetailText } from "~/modules/alarms/alarm-detail";
import { ALARM_KINDS, ALARM_PATH, ALARM_PERMISSION, MAX_RANGE_DAYS } from "~/modules/alarms/alarm.view";
import { J1939_NAMES } from "~/modules/alarms/j1939";
import { todoReads } from "~/modules/workflow/approval.server";
import { dueUrgesRead } from "~/modules/overdue/machines.server";
import { certificatesDueRead } from "~/modules/certificates/certificate-gate.server";
import { myTaskCountRead } from "~/modules/inspections/record.server";
import { hubLastHeard, silentOnRent, silentOnRentReads } from "~/modules/terminal-health/online.server";
import { DUE_STATE } from "~/modules/maintenance/maintenance";
import { maintenanceDueRead } from "~/modules/maintenance/schedule.server";
import { reformHref, safetyReformsDueRead } from "~/modules/safety/safety-due.server";
import { disputesDueRead } from "~/modules/billing/statements-list.server";
import { BILL_EDIT_CODE, BILL_LIST_PATH, statementHref } from "~/modules/billing/bills.resource";
import { OVERDUE_PATH } from "~/modules/overdue/overdue";
import { readThroughIsolate } from "~/modules/auth/session.server";
import { readPreferences } from "~/modules/auth/preferences.server";
import { approvalKinds } from "~/modules/resource/registry.server";
import type { AlarmSummary, Shortcut, WorkbenchParts } from "./workbench";
import { ENABLED } from "~/modules/workflow/enablement";

const DAY_MS = 86_400_000;
/** how far back the visit log is read for the most used screens, and at most how many of the user's visits */
const VISITS_DAYS = 30;
const VISITS_READ = 500;
export const SHORTCUTS = 8;
const NEWEST = 5;
/** at most this many urges due are listed in the to-do (the overdue list has them all) */
const MAINTENANCE_PATH = "/maintenancePlan";
const REFORM_PATH = "/safetyReform";
const INSPECTION_PATH = "/personalInspection";
/** 状态报表: its 在线状态 tab lists the machines on rent whose terminal went silent */
const STATE_REPORT_PATH = "/stateReport";
const URGES = 5;
/** 证书管理: its list puts what runs out first first */
const CERTIFICATE_PATH = "/certificate";

/** Which parts the user's screens grant: the live fleet (monitoring), alarms (the alarm list), handling them, urging
 * the overdue contracts they are responsible for (逾期合同). */
export function partsOf(scope: Pick<RequestScope, "access">): WorkbenchParts {
  const { access } = scope;
  const alarmList = hasScreen(access, ALARM_PATH);
  return {
    fleet: hasScreen(access, HUB_SCREENS.live),
    alarms: alarmList,
    handle: alarmList && access.permissions.has(`${ALARM_PERMISSION}:edit`),
    urges: hasScreen(access, OVERDUE_PATH),
    disputes: hasScreen(access, BILL_LIST_PATH) && access.permissions.has(BILL_EDIT_CODE),
    certificates: hasScreen(access, CERTIFICATE_PATH),
    maintenance: hasScreen(access, MAINTENANCE_PATH),
    reforms: hasScreen(access, REFORM_PATH),
    inspections: hasScreen(access, INSPECTION_PATH),
    silent: hasScreen(access, STATE_REPORT_PATH),
  };
}

/** Nothing when the part is not granted: the statement still joins the batch, and SQLite answers it without a read. */
const granted = (yes: boolean): SQL | undefined => (yes ? undefined : sql`0`);

/** How long a user's workbench figures are reused by this isolate's pages, unless a request that may write comes first. */
export const WORKBENCH_READ_MS = 5_000;

/**
 * The workbench's figures for a page: read at most every WORKBENCH_READ_MS per user and language in this isolate and
 * forgotten by any request that may write (an approval, a handled alarm, a saved vehicle), like the sessions (ADR
 * 006). The fleet's counts and the alarms arriving meanwhile reach the open page live over the hub.
 */
export function workbenchFigures(request: Request, scope: RequestScope) {
  const { lang } = readPreferences(request);
  return readThroughIsolate(request, scope.db, `workbench:${scope.user.id}:${lang}`, WORKBENCH_READ_MS, () => loadWorkbench(scope, lang));
}

export async function loadWorkbench(scope: RequestScope, lang: string, now = Date.now()) {
  const { db, user } = scope;
  const parts = partsOf(scope);
  const timeZone = user.timeZone;
  const today = dayOf(now, timeZone);
  const from = dayStartMs(today, timeZone)!;
  const to = dayEndMs(today, timeZone)!;
  // alarms to handle: the unhandled ones of the list's longest range, ending today (the link opens exactly those)
  const handleFromDay = dayOf(from - (MAX_RANGE_DAYS - 1) * DAY_MS + DAY_MS / 2, timeZone);
  const handleFrom = dayStartMs(handleFromDay, timeZone)!;
  const alarmInScope = visibleVehicleIdWhere(scope, alarms.vehicleId);
  const n = sql<number>`count(*)`.as("n");

  const recent = db
    .select({ path: visitLogs.description })
    .from(visitLogs)
    .where(and(ofTenant(visitLogs, user), eq(visitLogs.userId, user.id), gte(visitLogs.createdAt, now - VISITS_DAYS * DAY_MS)))
    .orderBy(desc(visitLogs.createdAt))
    .limit(VISITS_READ)
    .as("recent");

  // the approvals waiting for this user are read in the same batch: the whole page is one round trip
  const todo = todoReads(scope, approvalKinds());
  const own = [
    db.select({ n }).from(vehicles).where(tenantWhere(vehicles, user, visibleVehiclesWhere(scope), granted(parts.fleet))),
    db
      .select({ level: alarms.level, n })
      .from(alarms)
      .where(tenantWhere(alarms, user, sql`${alarms.at} BETWEEN ${from} AND ${to}`, alarmInScope, granted(parts.alarms)))
      .groupBy(alarms.level),
    db
      .select({ id: alarms.id, hubKey: alarms.hubKey, vehicleId: alarms.vehicleId, plate: vehicles.plate, kind: alarms.kind, level: alarms.level, at: alarms.at, detail: alarms.detail, handleState: alarms.handleState })
      .from(alarms)
      .leftJoin(vehicles, and(eq(vehicles.id, alarms.vehicleId), sameTenant(vehicles, alarms)))
      .where(tenantWhere(alarms, user, sql`${alarms.at} BETWEEN ${from} AND ${to}`, alarmInScope, granted(parts.alarms)))
      .orderBy(desc(alarms.at), desc(alarms.id))
      .limit(NEWEST),
    db
      .select({ level: alarms.level, n })
      .from(alarms)
      .where(tenantWhere(alarms, user, eq(alarms.handleState, 0), sql`${alarms.at} BETWEEN ${handleFrom} AND ${to}`, alarmInScope, granted(parts.handle)))
      .groupBy(alarms.level),
    db.select({ path: recent.path, n }).from(recent).groupBy(recent.path).orderBy(desc(sql`n`)).limit(40),
    // the urges due for the user (逾期合同's 今日待催款): none read without the screen
    dueUrgesRead(scope, today, parts.urges ? URGES : 0),
    // the customers' disputes waiting for the user's answer (对账单 有异议)
    disputesDueRead(scope, parts.disputes ? URGES : 0),
    // the machines' mandatory certificates expired or running out within 30 days (证书管理)
    certificatesDueRead(scope, today, parts.certificates ? URGES : 0),
    // the services due soon or overdue (保养计划), the rectification items past their deadline (安全整改), and the
    // user's own inspection tasks (个人巡检)
    maintenanceDueRead(scope, today, parts.maintenance ? URGES : 0),
    safetyReformsDueRead(scope, today, parts.reforms ? URGES : 0),
    myTaskCountRead(scope, today, parts.inspections),
    // the machines on rent today and the tenant's silence threshold (状态报表's 在租失联); the hub is asked beside the batch
    ...silentOnRentReads(scope, today, parts.silent),
  ] as const;
  const together = todo.queries.every(batchableSelect);
  const [results, aside, heard] = await Promise.all([
    // the to-do's selects ride after the page's own (their rows typed by todo.finish)
    batch(db, [...own, ...(together ? todo.queries : [])]),
    together ? Promise.resolve([]) : Promise.all(todo.queries),
    parts.silent ? hubLastHeard(scope) : Promise.resolve(null),
  ]);
  const [fleetRows, levelRows, newestRows, unhandledRows, visitRows, urgeRows, disputeRows, certificateRows, maintenanceRows, reformRows, taskRows, onRentRows, silentSetting, ...batchedTodo] = results;
  const todoRows = together ? batchedTodo : aside;

  const byLevel = (rows: { level: number; n: number }[]) => [1, 2, 3].map((level) => rows.filter((r) => r.level === level).reduce((sum, r) => sum + r.n, 0)) as [number, number, number];
  const alarmSummary: AlarmSummary = {
    today,
    byLevel: byLevel(levelRows),
    newest: newestRows.map(({ detail, plate, ...a }) => ({
      ...a,
      plate: plate ?? `#${a.vehicleId}`,
      kindText: ALARM_KINDS[a.kind] ? labelOf(ALARM_KINDS[a.kind]!, lang) : a.kind,
      detailText: alarmDetailText(a.kind, detail, { lang, at: a.at, timeZone, names: J1939_NAMES }) })),
  };
  const unhandled = byLevel(unhandledRows);
  return {
    parts,
    today,
    fleet: parts.fleet ? { vehicles: fleetRows[0]?.n ?? 0 } : null,
    alarms: parts.alarms ? alarmSummary : null,
    toHandle: parts.handle ? { byLevel: unhandled, total: unhandled[0] + unhandled[1] + unhandled[2], href: `${ALARM_PATH}?state=0&from=${handleFromDay}&to=${today}` } : null,
    todo: await todo.finish(todoRows),
    urges: parts.urges ? urgeRows.map((u) => ({ number: u.number, name: u.name, nextOn: u.nextOn, href: `${OVERDUE_PATH}/contract?id=${u.contractId}` })) : null,
    disputes: parts.disputes ? disputeRows.map((d) => ({ number: d.number, contractNumber: d.contractNumber, customer: d.customer, disputes: d.disputes, href: statementHref(d.id) })) : null,
    certificates: parts.certificates ? certificateRows.map((c) => ({ plate: c.plate, kind: c.kind, number: c.number, expiresOn: c.expiresOn ?? "", href: `${CERTIFICATE_PATH}/form?id=${c.id}` })) : null,
    maintenance: parts.maintenance ? maintenanceRows.map((m) => ({ plate: m.plate, planName: m.planName, overdue: m.dueState === DUE_STATE.overdue, dueOn: m.dueOn, href: `${MAINTENANCE_PATH}?q=${encodeURIComponent(m.plate)}` })) : null,
    reforms: parts.reforms ? reformRows.map((r) => ({ number: r.number, requirement: r.requirement, deadline: r.deadline, href: reformHref(r.reformId) })) : null,
    inspectionTasks: parts.inspections ? { count: Number(taskRows[0]?.n ?? 0), href: INSPECTION_PATH } : null,
    silentOnRent: parts.silent ? silentOnRent(onRentRows, silentSetting, heard, URGES, now) : null,
    shortcuts: shortcutsOf(scope, visitRows),
    plannedScreens: administersMenus(scope.access) ? { shown: plannedScreensShown(scope) } : null,
  };
}

/**
 * The screens the user opened most in the last 30 days (by visits logged, a visit every 10 s of stay), then the rest
 * of their menu in menu order: only built screens of the side menu, never the workbench itself.
 */
export function shortcutsOf(scope: Pick<RequestScope, "access">, visits: { path: string | null; n: number }[]): Shortcut[] {
  const leaves = scope.access.menuRows.filter((m) => m.state === ENABLED && m.routerPath && m.routerPath.toLowerCase() !== "/managework" && !isPlannedMenu(m));
  const parents = new Set(scope.access.menuRows.map((m) => m.parent));
  const items = leaves.filter((m) => !parents.has(m.privisId));
  const uses = new Map<string, number>();
  for (const v of visits) {
    const item = v.path ? menuItemFor(items, v.path.split("?")[0]!) : undefined;
    if (item) uses.set(item.privisId, (uses.get(item.privisId) ?? 0) + v.n);
  }
  const byMenu = [...items].sort((a, b) => a.sort - b.sort || a.privisId.localeCompare(b.privisId));
  const ranked = [...byMenu].sort((a, b) => (uses.get(b.privisId) ?? 0) - (uses.get(a.privisId) ?? 0));
  return ranked.slice(0, SHORTCUTS).map((m) => ({ privisId: m.privisId, name: m.name, nameEn: m.nameEn, path: m.routerPath!, used: uses.has(m.privisId) }));
}
