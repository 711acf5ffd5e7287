import { Link, useLocation, useNavigate } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
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
 * Tabs persist per user in this browser. Arrow keys move between tabs, Delete closes the focused one. When the tabs
 * do not fit, the strip scrolls (the active tab is scrolled into view; ‹ › buttons scroll it), and the ≡ menu lists
 * every open page with 关闭其他 / 关闭全部.
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
  const homeActive = homeActiveOf(location.pathname);

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

  const goTo = (tab: Tab | undefined) => navigate(tab ? tab.path + (tab.query ? `?${tab.query}` : "") : "/manageWork");
  /** 关闭其他: keeps the active tab only (none on the workbench). */
  const closeOthers = () => setTabs(tabs.filter((tab) => tab.privisId === active));
  /** 关闭全部: back to the workbench. */
  const closeAll = () => {
    setTabs([]);
    if (active && tabs.some((tab) => tab.privisId === active)) goTo(undefined);
  };

  // the strip's overflow: which scroll buttons apply, and the active tab kept in view
  const [edges, setEdges] = useState({ left: false, right: false });
  const overflowing = edges.left || edges.right;
  const measure = useCallback(() => {
    const ul = listRef.current;
    if (!ul) return;
    const left = ul.scrollLeft > 1;
    const right = ul.scrollLeft + ul.clientWidth < ul.scrollWidth - 1;
    setEdges((e) => (e.left === left && e.right === right ? e : { left, right }));
  }, []);
  useEffect(() => {
    const ul = listRef.current;
    if (!ul || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(ul);
    return () => observer.disconnect();
  }, [measure]);
  useEffect(() => {
    const on = listRef.current?.querySelector<HTMLElement>('[aria-current="page"]')?.parentElement;
    on?.scrollIntoView({ block: "nearest", inline: "nearest" });
    measure();
    // again once the scroll buttons appear: they take width from the strip
  }, [active, tabs.length, homeActive, overflowing, measure]);
  const scrollBy = (direction: 1 | -1) => {
    const ul = listRef.current;
    if (!ul) return;
    ul.scrollLeft += direction * Math.max(160, ul.clientWidth * 0.6);
    measure();
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

  const tabClass = (on: boolean) =>
    `flex h-8 items-center gap-1 rounded-t-md border border-b-0 px-3 text-sm whitespace-nowrap ${on ? "border-line bg-panel text-brand" : "border-transparent text-muted hover:text-ink"}`;
  return (
    <nav aria-label={t("tabs.label")} className="flex h-9 items-end gap-1 border-b border-line bg-canvas px-3">
      {overflowing ? <ScrollButton label={t("tabs.scrollLeft")} disabled={!edges.left} onClick={() => scrollBy(-1)} glyph="‹" /> : null}
      <ul ref={listRef} className="flex min-w-0 flex-1 gap-1 overflow-x-auto [scrollbar-width:none] [&::-webkit-scrollbar]:hidden" onKeyDown={onKeyDown} onScroll={measure} data-testid="tabs">
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
      {overflowing ? <ScrollButton label={t("tabs.scrollRight")} disabled={!edges.right} onClick={() => scrollBy(1)} glyph="›" /> : null}
      <TabsMenu
        tabs={tabs.map((tab) => {
          const item = byId.get(tab.privisId);
          return { ...tab, title: item ? menuLabel(item, i18n.language) : tab.path, on: tab.privisId === active };
        })}
        onCloseOthers={closeOthers}
        onCloseAll={closeAll}
      />
    </nav>
  );
}

const homeActiveOf = (pathname: string) => pathname.toLowerCase() === "/manageWork".toLowerCase();

const barButton = "mb-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded text-muted hover:bg-line hover:text-ink disabled:opacity-40 disabled:hover:bg-transparent";

function ScrollButton({ label, disabled, onClick, glyph }: { label: string; disabled: boolean; onClick: () => void; glyph: string }) {
  return (
    <button type="button" aria-label={label} title={label} disabled={disabled} onClick={onClick} className={barButton} data-testid="tabs-scroll">
      <span aria-hidden className="text-lg leading-none">
        {glyph}
      </span>
    </button>
  );
}

/** The ≡ menu: every open page (the hidden ones too) and 关闭其他 / 关闭全部; Esc or a click outside closes it. */
// the open menu's list comes with its first opening
const TabsMenuPanel = lazy(() => import("./tabs-menu-panel").then((m) => ({ default: m.TabsMenuPanel })));

function TabsMenu({ tabs, onCloseOthers, onCloseAll }: { tabs: (Tab & { title: string; on: boolean })[]; onCloseOthers: () => void; onCloseAll: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => root.current?.contains(e.target as Node) || setOpen(false);
    document.addEventListener("pointerdown", away);
    return () => document.removeEventListener("pointerdown", away);
  }, [open]);
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === "Escape") {
      e.preventDefault();
      close();
      return;
    }
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    const items = [...(root.current?.querySelectorAll<HTMLElement>("[data-menu-item]") ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    e.preventDefault();
    items[(at + (e.key === "ArrowDown" ? 1 : items.length - 1)) % items.length]?.focus();
  };
  return (
    <div ref={root} className="relative" onKeyDown={onKeyDown}>
      <button ref={toggle} type="button" aria-label={t("tabs.more")} title={t("tabs.more")} aria-expanded={open} aria-controls="tabs-menu" onClick={() => setOpen(!open)} className={barButton} data-testid="tabs-more">
        <svg aria-hidden viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <TabsMenuPanel tabs={tabs} onPick={() => setOpen(false)} onCloseOthers={() => (onCloseOthers(), close())} onCloseAll={() => (onCloseAll(), close())} />
        </Suspense>
      ) : null}
    </div>
  );
}
