/**
 * The big screens' loaders: through the menu for a signed-in user (their data scope; spec §2: no stored user → /login?l=t,
 * a company of kind 5 goes from /customerScreen to /customerScreenInfo), and through a screen link with no account
 * (`/screen/<token>`: the link's scope only; revoked or unknown → 404 and a page that says so).
 */
import { data, redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { customers, screenLinks, tenants } from "../../../db/schema";
import { visibleOrgRowWhere, visibleVehicleIds } from "../../../db/rules/data-scope";
import { customerRentedIds, screenLinkByToken, screenLinkVehicleIds } from "../../../db/rules/screen-links";
import { tenantWhere } from "../../../db/tenant";
import { anonymousScope, requireScope } from "~/modules/access/access.server";
import { todayInZone, DEFAULT_TIME_ZONE } from "~/lib/tenant-clock";
import { customerFigures, wallFigures, type WallSubject } from "./wall.server";
import type { HomeworkData } from "./homework-screen";
import type { CustomerScreenData } from "./customer-screen";
import type { TowerData } from "./tower-screen";
import { towerFigures } from "./tower.server";

const PRIVATE = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex" };
/** a link's last opening is written at most this often */
const SEEN_EVERY_MS = 5 * 60_000;

const lightAsked = (request: Request) => new URL(request.url).searchParams.get("theme") === "light";

/** /homeworkScreen through the menu: the user's machines. */
export async function homeworkLoader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: "/homeworkScreen", l: "t" });
  const { user } = scope;
  const vehicleIds = await visibleVehicleIds(scope.db, user.tenantId, user.id);
  const figures = await wallFigures(scope.db, { tenantId: user.tenantId, timeZone: user.timeZone, vehicleIds });
  return data({ figures, subtitle: user.orgName ?? user.tenantName, link: null, light: lightAsked(request) } satisfies HomeworkData, { headers: { "Cache-Control": "private, no-store" } });
}

/** /towerScreen through the menu: the user's tower cranes. */
export async function towerLoader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: "/towerScreen", l: "t" });
  const { user } = scope;
  const vehicleIds = await visibleVehicleIds(scope.db, user.tenantId, user.id);
  const figures = await towerFigures(scope.db, { tenantId: user.tenantId, timeZone: user.timeZone, vehicleIds });
  return data({ figures, subtitle: user.orgName ?? user.tenantName, link: null, light: lightAsked(request) } satisfies TowerData, { headers: { "Cache-Control": "private, no-store" } });
}

/** /competitionScreen through the menu: operators' ranking, as far as scores exist (none yet: the screen says so). */
export async function competitionLoader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: "/competitionScreen", l: "t" });
  return { subtitle: scope.user.orgName ?? scope.user.tenantName, timeZone: scope.user.timeZone, light: lightAsked(request), asOf: Date.now() };
}

/** /customerScreen and /customerScreenInfo through the menu: the customer chosen (?customer=), within the user's scope. */
export function customerLoader(path: "/customerScreen" | "/customerScreenInfo") {
  return async ({ request, context }: LoaderFunctionArgs) => {
    const first = await requireScope(request, context, { l: "t" });
    if (path === "/customerScreen" && first.user.companyKind === 5) throw redirect("/customerScreenInfo");
    const scope = await requireScope(request, context, { screen: path, l: "t" });
    const { user, db } = scope;
    const choices = await db.select({ id: customers.id, name: customers.name }).from(customers).where(tenantWhere(customers, user.tenantId, visibleOrgRowWhere(scope, customers.orgId))).orderBy(customers.name).limit(500);
    const asked = Number(new URL(request.url).searchParams.get("customer"));
    const chosen = choices.find((c) => c.id === asked) ?? null;
    const visible = await visibleVehicleIds(db, user.tenantId, user.id);
    let vehicleIds: Set<number> = new Set();
    if (chosen) {
      const rented = await customerRentedIds(db, user.tenantId, chosen.id, todayInZone(user.timeZone));
      vehicleIds = visible === "all" ? rented : new Set([...rented].filter((id) => visible.has(id)));
    }
    const subject: WallSubject = { tenantId: user.tenantId, timeZone: user.timeZone, vehicleIds };
    const [figures, customer] = await Promise.all([wallFigures(db, subject), chosen ? customerFigures(db, subject, chosen.id) : null]);
    return data({ figures, customer, choices, link: null, light: lightAsked(request), info: path === "/customerScreenInfo" } satisfies CustomerScreenData, { headers: { "Cache-Control": "private, no-store" } });
  };
}

export type ScreenLinkData = { ok: false } | { ok: true; kind: "homework"; homework: HomeworkData } | { ok: true; kind: "customer"; customer: CustomerScreenData } | { ok: true; kind: "tower"; tower: TowerData };

/** /screen/<token>: the link's screen, its scope only; 404 when the link is revoked, unknown or malformed. */
export async function screenLinkLoader({ request, params, context }: LoaderFunctionArgs) {
  const { db } = anonymousScope(context);
  const token = params.token ?? "";
  const link = await screenLinkByToken(db, token);
  if (!link) return data<ScreenLinkData>({ ok: false }, { status: 404, headers: PRIVATE });
  const now = Date.now();
  const [tenant] = await db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, link.tenantId));
  const timeZone = tenant?.timeZone || DEFAULT_TIME_ZONE;
  const vehicleIds = await screenLinkVehicleIds(db, link, todayInZone(timeZone, now));
  const subject: WallSubject = { tenantId: link.tenantId, timeZone, vehicleIds };
  await db
    .update(screenLinks)
    .set({ lastSeenAt: now })
    .where(and(eq(screenLinks.id, link.id), or(isNull(screenLinks.lastSeenAt), lt(screenLinks.lastSeenAt, now - SEEN_EVERY_MS))));
  const light = lightAsked(request);
  if (link.screen === "/customerScreen" && link.customerId !== null) {
    const [figures, customer] = await Promise.all([wallFigures(db, subject, now), customerFigures(db, subject, link.customerId, now)]);
    return data<ScreenLinkData>({ ok: true, kind: "customer", customer: { figures, customer, choices: null, link: token, light, info: false } }, { headers: PRIVATE });
  }
  if (link.screen === "/towerScreen") {
    const figures = await towerFigures(db, subject, now);
    return data<ScreenLinkData>({ ok: true, kind: "tower", tower: { figures, subtitle: link.name, link: token, light } }, { headers: PRIVATE });
  }
  const figures = await wallFigures(db, subject, now);
  return data<ScreenLinkData>({ ok: true, kind: "homework", homework: { figures, subtitle: link.name, link: token, light } }, { headers: PRIVATE });
}
