/** The browser tab's title in the page's language ("Derrick · 工作台" / "Derrick · Workbench"), for a route's meta. */
export function pageTitle(matches: readonly { id: string; data?: unknown }[], title: { zh: string; en: string } | null | undefined, detail?: string): string {
  if (!title) return "Derrick";
  // the language the root layout renders the page in (its loader's preferences)
  const lang = (matches.find((m) => m.id === "root")?.data as { prefs?: { lang?: string } } | undefined)?.prefs?.lang;
  return `Derrick · ${lang === "en-US" ? title.en : title.zh}${detail ? ` · ${detail}` : ""}`;
}
