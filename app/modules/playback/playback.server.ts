import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireScope } from "~/modules/access/access.server";
import { searchText } from "~/lib/list/search";
import { loadMapConfig } from "~/modules/settings/map-config.server";
import { DAY_MS, formatLocalTime, HEAT_CELLS, parseLocalTime } from "./track";
import { loadHeat, loadTrack, searchVehicles, visibleOrganisations, type PlaybackScope } from "./track.server";

const HOUR = 3600_000;
const MINUTE = 60_000;

/** from/to of the query (datetime-local text in the tenant's zone or epoch ms); by default the `defaultMs` up to now. */
function rangeOf(url: URL, defaultMs: number, timeZone: string) {
  const toText = url.searchParams.get("to");
  const fromText = url.searchParams.get("from");
  const to = toText ? parseLocalTime(toText, timeZone) : Math.ceil(Date.now() / MINUTE) * MINUTE;
  const from = fromText ? parseLocalTime(fromText, timeZone) : to - defaultMs;
  return {
    from,
    to,
    // what the inputs show: the time as typed when it could not be read
    fromText: Number.isFinite(from) ? formatLocalTime(from, false, timeZone) : (fromText ?? ""),
    toText: Number.isFinite(to) ? formatLocalTime(to, false, timeZone) : (toText ?? ""),
  };
}

export type PlaybackScreen = "/historyTrack" | "/workPlayBack" | "/replayDetail/:id";

/**
 * The loader of the three playback screens: /historyTrack and /workPlayBack pick a vehicle (?vehicle=, with a
 * search ?q= by plate, terminal or self number), /replayDetail/:id plays vehicle :id full screen; all take
 * ?from=&to= (default: the last hour).
 */
export async function playbackLoader({ request, context, params }: LoaderFunctionArgs, screen: PlaybackScreen) {
  const fullscreen = screen === "/replayDetail/:id";
  const { env, db, user } = await requireScope(request, context, fullscreen ? { screen, l: "t" } : { screen });
  const url = new URL(request.url);
  const scope: PlaybackScope = { env, db, tenantId: user.tenantId, userId: user.id };
  const range = rangeOf(url, HOUR, user.timeZone);
  const vehicleId = Number(fullscreen ? params.id : url.searchParams.get("vehicle")) || null;
  const q = searchText(url.searchParams.get("q") ?? "");
  const [mapConfig, vehicles, answer] = await Promise.all([
    loadMapConfig(db, user.tenantId),
    fullscreen ? Promise.resolve([]) : searchVehicles(scope, q),
    vehicleId ? loadTrack(scope, vehicleId, range.from, range.to) : Promise.resolve(null),
  ]);
  // the chosen vehicle stays in the list even when the search no longer matches it
  const chosen = answer?.vehicle;
  if (chosen && !vehicles.some((v) => v.id === chosen.id)) vehicles.unshift(chosen);
  // the zone too: /replayDetail/:id is outside the app layout that provides it to the page
  return { screen, mapConfig, q, vehicleId, vehicles, fromText: range.fromText, toText: range.toText, now: Date.now(), answer, timeZone: user.timeZone };
}

/** The loader of /equipmentHeatMap: ?from=&to= (default the last 24 hours), ?org=, ?vehicle=, ?cell=. */
export async function heatLoader({ request, context }: LoaderFunctionArgs) {
  const { env, db, user } = await requireScope(request, context, { screen: "/equipmentHeatMap" });
  const url = new URL(request.url);
  const scope: PlaybackScope = { env, db, tenantId: user.tenantId, userId: user.id };
  const range = rangeOf(url, DAY_MS, user.timeZone);
  const orgId = Number(url.searchParams.get("org")) || null;
  const vehicleId = Number(url.searchParams.get("vehicle")) || null;
  const cellParam = Number(url.searchParams.get("cell"));
  const cellDeg = (HEAT_CELLS as readonly number[]).includes(cellParam) ? cellParam : 0.01;
  const [mapConfig, organisations, vehicles, answer] = await Promise.all([
    loadMapConfig(db, user.tenantId),
    visibleOrganisations(scope, user.orgId),
    searchVehicles(scope, "", 500),
    loadHeat(scope, { from: range.from, to: range.to, orgId, vehicleId, cellDeg }),
  ]);
  return { mapConfig, organisations, vehicles, orgId, vehicleId, cellDeg, fromText: range.fromText, toText: range.toText, now: Date.now(), answer };
}
