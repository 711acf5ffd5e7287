import { SCREEN_GROUPS, SCREENS } from "~/modules/screens/registry";

/** Screen and group titles come from the screen registry, one source for menu, tabs and titles. */
export function screenTitles(lang: "zh" | "en") {
  const titles: Record<string, string> = {};
  for (const s of SCREENS) titles[s.path] = s[lang];
  for (const g of SCREEN_GROUPS) titles[`group.${g.key}`] = g[lang];
  return titles;
}
