import { useFetcher, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useRootData } from "~/lib/preferences";
import { useHydrated } from "./use-hydrated";

/**
 * Posts one preference to /settings; works as a plain form without JavaScript (the server redirects back). Once
 * hydrated, the form says so (`js`), the server answers with data instead of a redirect and Remix revalidates the
 * page after each answer: two switches clicked in quick succession both show (two redirects racing could leave the
 * page showing the first one only).
 */
export function usePreferenceForm() {
  const fetcher = useFetcher();
  const location = useLocation();
  const hydrated = useHydrated();
  const hidden = (
    <>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
    </>
  );
  return { fetcher, hidden };
}

export function LanguageSwitch({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const { fetcher, hidden } = usePreferenceForm();
  const lang = useRootData()?.prefs.lang ?? "zh-CN";
  const next = lang === "zh-CN" ? "en-US" : "zh-CN";
  return (
    <fetcher.Form method="post" action="/settings" className={className}>
      {hidden}
      <input type="hidden" name="lang" value={next} />
      <button type="submit" data-testid="lang-switch" title={t("header.language")} aria-label={`${t("header.language")}: ${next === "en-US" ? "English" : "中文"}`} className="rounded-md border border-line px-2 py-1 text-sm text-muted hover:border-brand hover:text-brand">
        {next === "en-US" ? "EN" : "中文"}
      </button>
    </fetcher.Form>
  );
}

export function ThemeSwitch() {
  const { t } = useTranslation();
  const { fetcher, hidden } = usePreferenceForm();
  const theme = useRootData()?.prefs.theme ?? "light";
  const next = theme === "light" ? "dark" : "light";
  return (
    <fetcher.Form method="post" action="/settings">
      {hidden}
      <input type="hidden" name="theme" value={next} />
      <button type="submit" data-testid="theme-switch" aria-label={`${t("header.theme")}: ${next === "dark" ? t("header.themeDark") : t("header.themeLight")}`} title={t("header.theme")} className="rounded-md px-2 py-1 text-sm hover:text-brand">
        {theme === "light" ? "☾" : "☀"} {next === "dark" ? t("header.themeDark") : t("header.themeLight")}
      </button>
    </fetcher.Form>
  );
}

export function WatermarkToggle() {
  const { t } = useTranslation();
  const { fetcher, hidden } = usePreferenceForm();
  const on = useRootData()?.prefs.watermark ?? false;
  return (
    <fetcher.Form method="post" action="/settings">
      {hidden}
      <input type="hidden" name="watermark" value={on ? "0" : "1"} />
      <button type="submit" data-testid="watermark-switch" aria-pressed={on} className="rounded-md px-2 py-1 text-sm hover:text-brand">
        {on ? t("header.watermarkOff") : t("header.watermarkOn")}
      </button>
    </fetcher.Form>
  );
}

export function AsideToggle() {
  const { t } = useTranslation();
  const { fetcher, hidden } = usePreferenceForm();
  const folded = useRootData()?.prefs.asideFolded ?? false;
  return (
    <fetcher.Form method="post" action="/settings">
      {hidden}
      <input type="hidden" name="aside" value={folded ? "0" : "1"} />
      <button type="submit" data-testid="aside-toggle" aria-expanded={!folded} aria-label={folded ? t("header.expandMenu") : t("header.collapseMenu")} title={folded ? t("header.expandMenu") : t("header.collapseMenu")} className="rounded-md px-2 py-1 text-lg hover:text-brand">
        {folded ? "»" : "«"}
      </button>
    </fetcher.Form>
  );
}
