/**
 * The safety documents' pages: the house's document loader (document.server.ts) with what links them beside it, and
 * the new documents one starts from another: 下发整改 (a notice whose items are an inspection's failed items), 登记隐患
 * (a hazard from an inspection) and 发起整改 (a notice for a hazard), each prefilled from a source the user sees.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { vehicles } from "../../../db/schema";
import { sameTenant, tenantWhere } from "../../../db/tenant";
import { addDays } from "~/lib/calendar";
import { todayInZone } from "~/lib/tenant-clock";
import { hasScreen, requireScope, type RequestScope } from "~/modules/access/access.server";
import { namedFiles } from "~/modules/files/files.server";
import { documentLoader } from "~/modules/resource/document.server";
import type { Option } from "~/modules/resource/route.server";
import { accidentView } from "./accident.resource";
import { accidentDocument, casualtiesOf } from "./accident.server";
import { HAZARD_SOURCE, HAZARD_STATE, hazardStateOf, hazardView } from "./hazard.resource";
import { hazardDocument } from "./hazard.server";
import { REFORM_OPEN, REFORM_SOURCE, reformView } from "./reform.resource";
import { reformDocument } from "./reform.server";
import { CHECK_RESULT, checkView } from "./safety-check.resource";
import { checkDocument } from "./safety-check.server";
import { checkScope, hazardScope, safetyAccidentPeople, safetyCheckItems, safetyChecks, safetyHazards, safetyReformItems, safetyReforms } from "./safety-tables.server";

type Values = Record<string, unknown>;
/** A document another one links to: its number, its state and where it opens. */
export interface LinkedDoc {
  id: number;
  number: string;
  state: number;
}
/** how many days a new notice's items have to be rectified, by default */
const REFORM_DAYS = 7;

const offered = (options: Record<string, Option[]>, key: string, id: number) => options[key]?.some((o) => o.value === String(id)) ?? false;
/** an option's value when the user is offered it, else nothing */
const chosen = (options: Record<string, Option[]>, key: string, id: number | null) => (id !== null && offered(options, key, id) ? String(id) : "");
const askedId = (url: URL, key: string) => {
  const id = Number(url.searchParams.get(key));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};
const may = (scope: RequestScope, path: string, privis: string, action: string) => hasScreen(scope.access, path) && scope.access.permissions.has(`${privis}:${action}`);

/** An inspection's failed items, in order, with the machine each concerns. */
function failedItems(scope: RequestScope, checkId: number) {
  return scope.db
    .select({ item: safetyCheckItems.item, standard: safetyCheckItems.standard, note: safetyCheckItems.note, vehicleId: safetyCheckItems.vehicleId, plate: vehicles.plate })
    .from(safetyCheckItems)
    .leftJoin(vehicles, and(eq(vehicles.id, safetyCheckItems.vehicleId), sameTenant(vehicles, safetyCheckItems)))
    .where(tenantWhere(safetyCheckItems, scope, eq(safetyCheckItems.checkId, checkId), eq(safetyCheckItems.result, CHECK_RESULT.fail)))
    .orderBy(asc(safetyCheckItems.position));
}

/** Hazards with the state their notice gives them (hazardStateOf), first registered first. */
async function hazardDocs(scope: RequestScope, ...conditions: (SQL | undefined)[]): Promise<LinkedDoc[]> {
  const rows = await scope.db
    .select({ id: safetyHazards.id, number: safetyHazards.number, reformState: safetyReforms.state })
    .from(safetyHazards)
    .leftJoin(safetyReforms, and(eq(safetyReforms.hazardId, safetyHazards.id), sameTenant(safetyReforms, safetyHazards)))
    .where(tenantWhere(safetyHazards, scope, ...conditions))
    .orderBy(asc(safetyHazards.id));
  return rows.map((r) => ({ id: r.id, number: r.number, state: hazardStateOf(r.reformState) }));
}

/** An inspection the user sees (its head), or nothing. */
async function seenCheck(scope: RequestScope, id: number) {
  const [row] = await scope.db.select().from(safetyChecks).where(tenantWhere(safetyChecks, scope, eq(safetyChecks.id, id), checkScope(scope))).limit(1);
  return row;
}

/** 安全检查's page: the house's, and what was raised from the inspection (its notice, its hazards) with the ways to raise them. */
export async function checkPage(args: LoaderFunctionArgs) {
  const answer = await documentLoader(args, checkDocument);
  const scope = await requireScope(args.request, args.context, { screen: checkView.path });
  const doc = answer.data.doc;
  const related = doc
    ? await (async () => {
        const [failed, notices, hazards] = await Promise.all([
          scope.db.select({ n: sql<number>`count(*)` }).from(safetyCheckItems).where(tenantWhere(safetyCheckItems, scope, eq(safetyCheckItems.checkId, doc.id), eq(safetyCheckItems.result, CHECK_RESULT.fail))),
          scope.db.select({ id: safetyReforms.id, number: safetyReforms.number, state: safetyReforms.state }).from(safetyReforms).where(tenantWhere(safetyReforms, scope, eq(safetyReforms.checkId, doc.id))),
          hazardDocs(scope, eq(safetyHazards.checkId, doc.id)),
        ]);
        return {
          failed: failed[0]?.n ?? 0,
          notices: notices as LinkedDoc[],
          hazards,
          mayRaiseNotice: may(scope, reformView.path, reformView.permission, "add"),
          mayRegisterHazard: may(scope, hazardView.path, hazardView.permission, "add"),
        };
      })()
    : null;
  return data({ ...answer.data, related }, answer.init ?? undefined);
}

/** 隐患排查's page: the house's, prefilled from an inspection (登记隐患), and the notice rectifying it. */
export async function hazardPage(args: LoaderFunctionArgs) {
  const answer = await documentLoader(args, hazardDocument);
  const scope = await requireScope(args.request, args.context, { screen: hazardView.path });
  const { doc, options } = answer.data;
  let values = answer.data.values as Values;
  const fromCheck = answer.data.mode === "create" ? askedId(new URL(args.request.url), "checkId") : null;
  if (fromCheck !== null && offered(options, "checkId", fromCheck)) {
    const check = await seenCheck(scope, fromCheck);
    const failed = check ? await failedItems(scope, fromCheck) : [];
    if (check)
      values = {
        ...values,
        source: HAZARD_SOURCE.check,
        checkId: String(check.id),
        foundOn: check.checkOn,
        place: check.site,
        orgId: chosen(options, "orgId", check.orgId),
        vehicleId: chosen(options, "vehicleId", failed.find((f) => f.vehicleId !== null)?.vehicleId ?? null),
        description: failed
          .map((f) => `${f.item}${f.plate ? `（${f.plate}）` : ""}：${f.note || f.standard || ""}`)
          .join("；")
          .slice(0, 500),
      };
  }
  const related = doc
    ? await (async () => {
        const [[notice], [head]] = await Promise.all([
          scope.db.select({ id: safetyReforms.id, number: safetyReforms.number, state: safetyReforms.state }).from(safetyReforms).where(tenantWhere(safetyReforms, scope, eq(safetyReforms.hazardId, doc.id))).limit(1),
          scope.db.select({ checkId: safetyHazards.checkId }).from(safetyHazards).where(tenantWhere(safetyHazards, scope, eq(safetyHazards.id, doc.id))),
        ]);
        const check = head?.checkId ? await seenCheck(scope, head.checkId) : undefined;
        return {
          notice: (notice ?? null) as LinkedDoc | null,
          check: check ? ({ id: check.id, number: check.number, state: check.state } as LinkedDoc) : null,
          mayStartReform: may(scope, reformView.path, reformView.permission, "add"),
        };
      })()
    : null;
  // the hazard is where its notice is: read-only once the notice is under way
  const state = hazardStateOf(related?.notice?.state);
  const mode = answer.data.mode === "edit" && state !== HAZARD_STATE.pending ? ("view" as const) : answer.data.mode;
  return data({ ...answer.data, mode, doc: doc ? { ...doc, state } : null, values, related }, answer.init ?? undefined);
}

/** A notice's items as its form starts them: the requirement, a deadline a week on, the photos it already has. */
const newItem = (today: string, more: Values): Values => ({ checkItem: "", requirement: "", deadline: addDays(today, REFORM_DAYS), responsible: "", beforePhotos: "", afterPhotos: "", remark: "", ...more });

/** A new notice from an inspection's failed items (下发整改) or from a hazard (发起整改), when the user is offered it. */
async function reformFrom(scope: RequestScope, url: URL, options: Record<string, Option[]>, values: Values): Promise<Values> {
  const today = todayInZone(scope.user.timeZone);
  const checkId = askedId(url, "checkId");
  if (checkId !== null && offered(options, "checkId", checkId)) {
    const check = await seenCheck(scope, checkId);
    if (!check) return values;
    const failed = await failedItems(scope, checkId);
    return {
      ...values,
      source: REFORM_SOURCE.check,
      checkId: String(check.id),
      site: check.site,
      orgId: chosen(options, "orgId", check.orgId),
      items: failed.map((f) => newItem(today, { checkItem: `${f.item}${f.plate ? `（${f.plate}）` : ""}`.slice(0, 50), requirement: (f.note || f.standard || f.item).slice(0, 200) })),
    };
  }
  const hazardId = askedId(url, "hazardId");
  if (hazardId === null || !offered(options, "hazardId", hazardId)) return values;
  const [hazard] = await scope.db.select().from(safetyHazards).where(tenantWhere(safetyHazards, scope, eq(safetyHazards.id, hazardId), hazardScope(scope))).limit(1);
  if (!hazard) return values;
  return {
    ...values,
    source: REFORM_SOURCE.hazard,
    hazardId: String(hazard.id),
    site: hazard.place,
    orgId: chosen(options, "orgId", hazard.orgId),
    items: [newItem(today, { requirement: (hazard.suggestion || hazard.description).slice(0, 200), beforePhotos: (hazard.attachments ?? "").split(",").filter(Boolean).slice(0, 3).join(",") })],
  };
}

/** Each item's photos named for the upload widget (its first file's name and address beside the ids, as a line's `files` cell reads them). */
async function namedPhotos(scope: RequestScope, items: Values[]): Promise<Values[]> {
  const keys = ["beforePhotos", "afterPhotos"];
  const csv = items.flatMap((item) => keys.map((k) => String(item[k] ?? ""))).filter(Boolean).join(",");
  const named = new Map((await namedFiles(scope.db, scope.user.tenantId, csv)).map((f) => [String(f.id), f]));
  return items.map((item) => {
    const out: Values = { ...item };
    for (const k of keys) {
      const first = named.get(String(item[k] ?? "").split(",")[0] ?? "");
      if (first) Object.assign(out, { [`${k}Name`]: first.name, [`${k}Url`]: first.url ?? "" });
    }
    return out;
  });
}

/** 安全整改's page: the house's, prefilled from its source, its photos named, and where it came from and why it went back. */
export async function reformPage(args: LoaderFunctionArgs) {
  const answer = await documentLoader(args, reformDocument);
  const scope = await requireScope(args.request, args.context, { screen: reformView.path });
  const { doc, options } = answer.data;
  const url = new URL(args.request.url);
  let values = answer.data.values as Values;
  if (answer.data.mode === "create") values = await reformFrom(scope, url, options, values);
  values = { ...values, items: await namedPhotos(scope, (values.items as Values[] | undefined) ?? []) };
  const related = doc
    ? await (async () => {
        const [head] = await scope.db.select({ checkId: safetyReforms.checkId, hazardId: safetyReforms.hazardId, returnReason: safetyReforms.returnReason }).from(safetyReforms).where(tenantWhere(safetyReforms, scope, eq(safetyReforms.id, doc.id)));
        const today = todayInZone(scope.user.timeZone);
        const [check, hazardRows, overdue] = await Promise.all([
          head?.checkId ? seenCheck(scope, head.checkId) : undefined,
          head?.hazardId ? hazardDocs(scope, eq(safetyHazards.id, head.hazardId), hazardScope(scope)) : [],
          REFORM_OPEN.includes(doc.state) ? scope.db.select({ n: sql<number>`count(*)` }).from(safetyReformItems).where(tenantWhere(safetyReformItems, scope, eq(safetyReformItems.reformId, doc.id), sql`${safetyReformItems.deadline} < ${today}`)) : [{ n: 0 }],
        ]);
        return {
          check: check ? ({ id: check.id, number: check.number, state: check.state } as LinkedDoc) : null,
          hazard: (hazardRows[0] ?? null) as LinkedDoc | null,
          returnReason: head?.returnReason ?? null,
          overdue: overdue[0]?.n ?? 0,
        };
      })()
    : null;
  return data({ ...answer.data, values, related }, answer.init ?? undefined);
}

/** 事故申报's page: the house's, and the casualties counted from the people involved. */
export async function accidentPage(args: LoaderFunctionArgs) {
  const answer = await documentLoader(args, accidentDocument);
  const doc = answer.data.doc;
  let casualties = null;
  if (doc) {
    const scope = await requireScope(args.request, args.context, { screen: accidentView.path });
    casualties = casualtiesOf(await scope.db.select({ injury: safetyAccidentPeople.injury }).from(safetyAccidentPeople).where(tenantWhere(safetyAccidentPeople, scope, eq(safetyAccidentPeople.accidentId, doc.id))));
  }
  return data({ ...answer.data, casualties }, answer.init ?? undefined);
}
