/**
 * The wind screens' loaders: /windScreen (a wall, outside the layout: the projects in progress, or `?project=` one)
 * and /windScreenOwner (inside the layout: one project chosen among those the user sees, for its owner's eyes).
 * Both within the user's data scope over projects (their organisation's subtree, and projects that name none).
 */
import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { asc, desc } from "drizzle-orm";
import { tenantWhere } from "../../../db/tenant";
import { requireScope } from "~/modules/access/access.server";
import { windFigures } from "./wind-wall.server";
import { windProjects, windScopeWhere } from "./wind-project.server";
import type { WindScreenData } from "./wind-screen";
import type { WindOwnerData } from "./wind-owner-page";

const NO_STORE = { "Cache-Control": "private, no-store" };

/** a positive id asked for in the address, else null */
function askedId(request: Request, name: string): number | null {
  const text = new URL(request.url).searchParams.get(name) ?? "";
  return /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null;
}

/** /windScreen: the projects in progress the user sees, or the one asked for (`?project=`). */
export async function windScreenLoader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: "/windScreen", l: "t" });
  const { user } = scope;
  const figures = await windFigures(scope.db, { tenantId: user.tenantId, timeZone: user.timeZone, scopeWhere: windScopeWhere(scope), projectId: askedId(request, "project") });
  const light = new URL(request.url).searchParams.get("theme") === "light";
  return data({ figures, subtitle: user.orgName ?? user.tenantName, light } satisfies WindScreenData, { headers: NO_STORE });
}

/** /windScreenOwner: the projects to choose from (in progress first) and the chosen one's figures. */
export async function windOwnerLoader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: "/windScreenOwner" });
  const { user } = scope;
  const choices = await scope.db
    .select({ id: windProjects.id, name: windProjects.name, number: windProjects.number, state: windProjects.state })
    .from(windProjects)
    .where(tenantWhere(windProjects, scope, windScopeWhere(scope)))
    .orderBy(asc(windProjects.state), desc(windProjects.startOn), desc(windProjects.id))
    .limit(500);
  const asked = askedId(request, "project");
  const chosen = choices.find((c) => c.id === asked) ?? choices[0] ?? null;
  const figures = chosen ? await windFigures(scope.db, { tenantId: user.tenantId, timeZone: user.timeZone, scopeWhere: windScopeWhere(scope), projectId: chosen.id }) : null;
  return data({ choices: choices.map((c) => ({ id: c.id, label: `${c.number} ${c.name}` })), chosen: chosen?.id ?? null, figures } satisfies WindOwnerData, { headers: NO_STORE });
}
