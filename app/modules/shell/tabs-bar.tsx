import { Link, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { closeTab, menuItemFor, openTab, type MenuNode, type Tab } from "~/lib/navigation";
import { menuLabel } from "./side-menu";

const storageKey = (userId: number) => `derrick.tabs.${userId}`;

function loadTabs(userId: number): Tab[] {
  try {
    const raw = JSON.parse(localStorage.getItem(storageKey(userId)) ?? "[]") as unknown;
    return Array.isArray(raw) ? (raw as Tab[]).filter((t) => typeof t?.privisId === "string" && typeof t?.path === "string") : [];
  } catch {
    return [];
  }
}

/**
 * The tabs bar (spec §4): opening a menu item makes it the active tab, added unless present, item '1' or home.
 * Tabs persist per user in this browser. Arrow keys move between tabs, Delete closes the focused one.
 */
export function TabsBar({ userId, items }: { userId: number; items: MenuNode[] }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [tabs, setTabs] = useState<Tab[]>([]);
  const loaded = useRef(false);
  const listRef = useRef<HTMLUListElement>(null);
  const byId = new Map(items.map((m) => [m.privisId, m]));
  const current = menuItemFor(items, location.pathname);
  const active = current?.privisId ?? null;

  useEffect(() => {
    const stored = loaded.current ? null : loadTabs(userId);
    loaded.current = true;
    setTabs((prev) => {
      const base = (stored ?? prev).filter((tab) => byId.has(tab.privisId));
      return current ? openTab(base, current).tabs : base;
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a tab opens per navigation (or user); the menu map is rebuilt each render with the same items
  }, [location.pathname, userId]);

  useEffect(() => {
    if (loaded.current) localStorage.setItem(storageKey(userId), JSON.stringify(tabs));
  }, [tabs, userId]);

  const close = (privisId: string) => {
    const result = closeTab(tabs, privisId, active);
    setTabs(result.tabs);
    if (active === privisId) {
      const next = result.tabs.find((tab) => tab.privisId === result.active);
      navigate(next ? next.path + (next.query ? `?${next.query}` : "") : "/manageWork");
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const links = [...(listRef.current?.querySelectorAll<HTMLAnchorElement>("a[data-tab]") ?? [])];
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (index < 0) return;
    if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
      e.preventDefault();
      links[(index + (e.key === "ArrowRight" ? 1 : links.length - 1)) % links.length]?.focus();
    } else if (e.key === "Delete") {
      const id = links[index]?.dataset.tab;
      if (id && id !== "home") close(id);
    }
  };

  const homeActive = location.pathname.toLowerCase() === "/manageWork".toLowerCase();
  const tabClass = (on: boolean) =>
    `flex h-8 items-center gap-1 rounded-t-md border border-b-0 px-3 text-sm whitespace-nowrap ${on ? "border-line bg-panel text-brand" : "border-transparent text-muted hover:text-ink"}`;
  return (
    <nav aria-label={t("tabs.label")} className="flex h-9 items-end border-b border-line bg-canvas px-3">
      <ul ref={listRef} className="flex min-w-0 gap-1 overflow-x-auto" onKeyDown={onKeyDown} data-testid="tabs">
        <li className={tabClass(homeActive)}>
          <Link to="/manageWork" data-tab="home" aria-current={homeActive ? "page" : undefined}>
            {t("tabs.home")}
          </Link>
        </li>
        {tabs.map((tab) => {
          const item = byId.get(tab.privisId);
          const title = item ? menuLabel(item, i18n.language) : tab.path;
          const on = tab.privisId === active;
          return (
            <li key={tab.privisId} className={tabClass(on)}>
              <Link to={tab.path + (tab.query ? `?${tab.query}` : "")} data-tab={tab.privisId} aria-current={on ? "page" : undefined}>
                {title}
              </Link>
              <button type="button" aria-label={t("tabs.close", { title })} onClick={() => close(tab.privisId)} className="ml-1 rounded px-1 text-muted hover:bg-line hover:text-ink">
                ×
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
