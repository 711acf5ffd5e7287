import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { WORKBENCH } from "~/modules/workbench/texts/workbench";
import { menuLabel } from "~/modules/shell/side-menu";
import { Card } from "~/ui/card";
import { Empty } from "~/ui/empty";
import { usePreferenceForm } from "~/widgets/preference-switches";
import type { Shortcut } from "./workbench";

/** 常用功能: the built screens the user opens most; for a menu administrator, the switch that shows planned screens in their menu. */
export function ShortcutsCard({ shortcuts, plannedScreens, className = "" }: { shortcuts: Shortcut[]; plannedScreens: { shown: boolean } | null; className?: string }) {
  const { t, i18n } = useTranslation(WORKBENCH);
  return (
    <Card id="shortcuts" title={t("home.quickLinks")} className={className} data-testid="shortcuts">
      {shortcuts.length === 0 ? (
        <Empty className="py-6">{t("home.noQuickLinks")}</Empty>
      ) : (
        <ul className="grid grid-cols-2 gap-2">
          {shortcuts.map((q) => (
            // a title too long for its half of the card (English ones: "Customer Follow-Up Visits" at 1280 wide) wraps
            // instead of losing its end; the buttons of a row keep one height
            <li key={q.privisId} className="flex">
              <Link to={q.path} className="flex min-h-9 w-full items-center justify-center rounded-md border border-line px-3 py-2 text-center text-sm leading-snug text-balance break-words hover:border-brand hover:text-brand focus-visible:outline-2 focus-visible:outline-brand">
                {menuLabel(q, i18n.language)}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {plannedScreens ? <PlannedScreensSwitch shown={plannedScreens.shown} /> : null}
    </Card>
  );
}

/** An administrator's own preference: planned screens in their side menu or not (posted to the workbench's action). */
function PlannedScreensSwitch({ shown }: { shown: boolean }) {
  const { t } = useTranslation(WORKBENCH);
  const { fetcher, hidden } = usePreferenceForm();
  // what the switch shows while its post is under way
  const pending = fetcher.formData?.get("shown");
  const on = pending === undefined || pending === null ? shown : pending === "1";
  return (
    <fetcher.Form method="post" action="/manageWork" className="mt-4 border-t border-line pt-3">
      {hidden}
      <input type="hidden" name="intent" value="plannedScreens" />
      <input type="hidden" name="shown" value={on ? "0" : "1"} />
      <button type="submit" role="switch" aria-checked={on} aria-describedby="planned-screens-hint" className="flex items-center gap-2 rounded-sm text-sm focus-visible:outline-2 focus-visible:outline-brand" data-testid="planned-screens-switch">
        <span aria-hidden="true" className={`relative inline-block h-5 w-9 rounded-full transition-colors ${on ? "bg-brand" : "bg-line"}`}>
          <span className={`absolute top-0.5 size-4 rounded-full bg-panel shadow transition-all ${on ? "left-4.5" : "left-0.5"}`} />
        </span>
        {t("home.plannedScreens")}
      </button>
      <p id="planned-screens-hint" className="mt-1 text-xs text-muted">
        {t("home.plannedScreensHint")}
      </p>
    </fetcher.Form>
  );
}
