import { Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { Tab } from "~/lib/navigation";

const item = "block w-full truncate rounded px-3 py-1.5 text-left text-sm hover:bg-line focus:bg-line focus:outline-none";

/** The tab strip's open menu (loaded on its first opening): every open page, then 关闭其他 / 关闭全部; the first item takes the focus. */
export function TabsMenuPanel({ tabs, onPick, onCloseOthers, onCloseAll }: { tabs: (Tab & { title: string; on: boolean })[]; onPick: () => void; onCloseOthers: () => void; onCloseAll: () => void }) {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => root.current?.querySelector<HTMLElement>("[data-menu-item]")?.focus(), []);
  return (
    <div ref={root} id="tabs-menu" className="absolute right-0 top-full z-50 mt-1 max-h-[60vh] w-64 overflow-y-auto rounded-md border border-line bg-panel p-1 shadow-lg" data-testid="tabs-menu">
      <ul aria-label={t("tabs.label")}>
        {tabs.map((tab) => (
          <li key={tab.privisId}>
            <Link to={tab.path + (tab.query ? `?${tab.query}` : "")} data-menu-item aria-current={tab.on ? "page" : undefined} onClick={onPick} className={`${item} ${tab.on ? "text-brand" : "text-ink"}`}>
              {tab.title}
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-1 border-t border-line pt-1">
        <button type="button" data-menu-item disabled={tabs.length === 0} onClick={onCloseOthers} className={`${item} text-ink disabled:opacity-40`}>
          {t("tabs.closeOthers")}
        </button>
        <button type="button" data-menu-item disabled={tabs.length === 0} onClick={onCloseAll} className={`${item} text-ink disabled:opacity-40`}>
          {t("tabs.closeAll")}
        </button>
      </div>
    </div>
  );
}
