import type { ScreenDef } from "./define";
import { DOMAINS } from "./domains";
import { SPEC_SCREENS } from "./spec-screens";

/**
 * Screen registry: every route of product spec §2 ("Screens and routes") with its menu group, menu id,
 * permission code, titles, layout and build status. Menu rows, tabs, titles and route binding all read it.
 */

export { DOMAIN_ACTIONS, tabsOf } from "./domains";
export type { DomainScreens, ExtraAction, ScreenDef, ScreenTab, ScreenGroup, ScreenGroupKey, ScreenLayout, ScreenStatus } from "./define";

export { SCREEN_GROUPS } from "./spec-screens";


/** The spec's screens with those the domains declare built, then each domain's own screens after the last of its group. */
function gather(): ScreenDef[] {
  const built = new Set(DOMAINS.flatMap((d) => d.built ?? []));
  const list = SPEC_SCREENS.map((s) => (built.has(s.path) ? { ...s, status: "built" as const } : s));
  for (const s of DOMAINS.flatMap((d) => d.screens ?? [])) {
    const after = list.findLastIndex((o) => o.group === s.group);
    list.splice(after < 0 ? list.length : after + 1, 0, s);
  }
  return list;
}
export const SCREENS: ScreenDef[] = gather();


export const SCREEN_BY_PATH: ReadonlyMap<string, ScreenDef> = new Map(SCREENS.map((s) => [s.path.toLowerCase(), s]));

/** Screens whose path has ":param" segments, split into lower-case segments once. */
const PATTERNS: ReadonlyArray<{ segments: string[]; screen: ScreenDef }> = SCREENS.filter((s) => s.path.includes("/:")).map((s) => ({
  segments: s.path.toLowerCase().split("/"),
  screen: s,
}));

/** Finds the screen for a URL pathname (case-insensitive, matches ":id" segments). */
export function findScreen(pathname: string): ScreenDef | undefined {
  const path = (pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname).toLowerCase();
  const exact = SCREEN_BY_PATH.get(path);
  if (exact) return exact;
  const parts = path.split("/");
  return PATTERNS.find(({ segments }) => segments.length === parts.length && segments.every((seg, i) => (seg.startsWith(":") ? parts[i] !== "" : seg === parts[i])))?.screen;
}
