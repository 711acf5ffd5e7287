import { useRouteLoaderData } from "@remix-run/react";
import type { Language } from "~/i18n";
import type { ThemeName } from "./theme";

/** A user's display preferences, mirrored in cookies so the first HTML renders with them (preferences.server.ts). */
export interface Preferences {
  lang: Language;
  theme: ThemeName;
  watermark: boolean;
  asideFolded: boolean;
}

/** The root route's data (app/root.tsx): the preferences this page was rendered with. */
export function useRootData() {
  return useRouteLoaderData<{ prefs: Preferences }>("root");
}
