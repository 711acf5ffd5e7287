import { Link, useRouteLoaderData } from "@remix-run/react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { MAPS } from "~/i18n/screen/maps";
import { decodeMenu, type MenuWire } from "~/lib/navigation";

/** Why a map shows no streets: no online base is configured, or its tiles cannot be loaded. */
export type BaseProblem = "offline" | "unreachable";

/** Whether the signed-in user has the /mapConfig screen (the app layout's menu lists the user's own screens). */
export function useCanConfigureMaps(): boolean {
  const menu = useRouteLoaderData<{ menu?: string }>("routes/_app")?.menu;
  return useMemo(() => {
    if (!menu) return false;
    try {
      return decodeMenu(JSON.parse(menu) as MenuWire[]).some((m) => m.routerPath?.toLowerCase() === "/mapconfig");
    } catch {
      return false;
    }
  }, [menu]);
}

/** 前往地图配置 for administrators, or who to ask for everyone else. */
function ConfigureLink() {
  const { t } = useTranslation(MAPS);
  return useCanConfigureMaps() ? (
    <Link to="/mapConfig" className="font-medium text-brand underline underline-offset-2 hover:no-underline" data-testid="base-map-configure">
      {t("notice.configure")}
    </Link>
  ) : (
    <span>{t("notice.askAdmin")}</span>
  );
}

/**
 * Said in place, over the bottom of a map, instead of an unexplained empty canvas: no online base map is configured,
 * or it cannot be reached. Dismissable for this map; it comes back on the next page.
 */
export function BaseMapNotice({ problem }: { problem: BaseProblem }) {
  const { t } = useTranslation(MAPS);
  const [hidden, setHidden] = useState(false);
  if (hidden) return null;
  return (
    // a band over the map's bottom (clear of the scale and the zoom buttons) that centres the note and lets clicks through
    <div className="pointer-events-none absolute inset-x-16 bottom-9 z-[5] flex justify-center">
      <div
        role={problem === "unreachable" ? "alert" : "status"}
        data-testid="base-map-notice"
        data-problem={problem}
        className="pointer-events-auto flex max-w-2xl items-start gap-2 rounded-md border border-warning/50 bg-panel/95 px-3 py-2 text-xs leading-5 text-ink shadow"
      >
        <svg aria-hidden viewBox="0 0 24 24" width="16" height="16" className="mt-0.5 shrink-0 text-warning" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M12 9v4M12 17h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
        </svg>
        <p className="min-w-0">
          {t(`notice.${problem}`)} <ConfigureLink />
        </p>
        <button type="button" onClick={() => setHidden(true)} aria-label={t("notice.dismiss")} className="-mr-1 shrink-0 rounded px-1 text-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-brand">
          ×
        </button>
      </div>
    </div>
  );
}

BaseMapNotice.Link = ConfigureLink;
