/** Menu, tab and breadcrumb rules of spec §2 and §4, pure so both server and client use them. */
export interface MenuNode {
  privisId: string;
  parent: string;
  name: string;
  nameEn: string;
  privis: string;
  routerPath: string | null;
  sort: number;
  type: number;
  home: boolean;
  once: boolean;
  query: string | null;
  icon: string | null;
  children: MenuNode[];
}

export interface Tab {
  privisId: string;
  path: string;
  query: string;
}

export interface Crumb {
  privisId: string;
  path: string | null;
}

/** Builds the tree (parent '0' at the top), children sorted by sort then id. */
export function buildMenuTree(rows: Omit<MenuNode, "children">[]): MenuNode[] {
  const byId = new Map<string, MenuNode>();
  for (const r of rows) byId.set(r.privisId, { ...r, children: [] });
  const roots: MenuNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parent === "0" ? undefined : byId.get(node.parent);
    (parent ? parent.children : roots).push(node);
  }
  const sort = (list: MenuNode[]) => {
    list.sort((a, b) => a.sort - b.sort || a.privisId.localeCompare(b.privisId));
    list.forEach((n) => sort(n.children));
  };
  sort(roots);
  return roots;
}

export function flattenMenu(tree: MenuNode[]): MenuNode[] {
  return tree.flatMap((n) => [n, ...flattenMenu(n.children)]);
}

/**
 * The menu item a page belongs to: the one with its path, else the one whose path it lies below (/deviceList/models
 * and /alarmMgr/rules are tabs of /deviceList and /alarmMgr), the longest such path winning.
 */
export function menuItemFor<T extends Pick<MenuNode, "routerPath">>(items: T[], pathname: string): T | undefined {
  const want = pathname.toLowerCase();
  let best: T | undefined;
  for (const m of items) {
    const path = m.routerPath?.toLowerCase();
    if (!path) continue;
    if (path === want) return m;
    if (path !== "/" && want.startsWith(`${path}/`) && (!best || path.length > best.routerPath!.length)) best = m;
  }
  return best;
}

const flatOf = new WeakMap<MenuNode[], MenuNode[]>();

/** The chain of menu items from the top down to the item of this page (empty when not in the menu). */
export function menuTrail(tree: MenuNode[], pathname: string): MenuNode[] {
  // the side menu asks on every render with the same tree: flattened once per tree
  let items = flatOf.get(tree);
  if (!items) flatOf.set(tree, (items = flattenMenu(tree)));
  const item = menuItemFor(items, pathname);
  if (!item) return [];
  const walk = (nodes: MenuNode[]): MenuNode[] => {
    for (const node of nodes) {
      if (node === item) return [node];
      const below = walk(node.children);
      if (below.length) return [node, ...below];
    }
    return [];
  };
  return walk(tree);
}

/**
 * Where a click on a menu item goes (spec §2 menu navigation).
 * Item 30 and its children other than 3222 open a new window; 30 uses its first child's path.
 * Items 4001 and 4002 first fetch a token.
 */
export type MenuTarget =
  | { kind: "route"; path: string }
  | { kind: "window"; path: string }
  | { kind: "token"; tokenUrl: string; path: string; asParam: string };

export function menuTarget(item: MenuNode, parentId?: string): MenuTarget {
  const path = withQuery(item.routerPath ?? "/manageWork", item.query);
  if (item.privisId === "30") return { kind: "window", path: item.children[0]?.routerPath ?? "/customerScreen" };
  if (parentId === "30" && item.privisId !== "3222") return { kind: "window", path };
  if (item.privisId === "4001") return { kind: "token", tokenUrl: "/api/hzzbGetToken", path: "/hwcloud/#/project-management", asParam: "token" };
  if (item.privisId === "4002") return { kind: "token", tokenUrl: "/api/hzzbGetToken2", path, asParam: "token" };
  if (item.home) return { kind: "route", path: "/manageWork" };
  return { kind: "route", path };
}

/** A click that asks the browser for something else than following the link here (new tab, window, save as). */
export function isModifiedClick(e: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean }): boolean {
  return e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;
}

/** A path with more query text appended (`?` or `&` as needed). */
export function withQuery(path: string, query: string | null): string {
  if (!query) return path;
  return `${path}${path.includes("?") ? "&" : "?"}${query.replace(/^\?/, "")}`;
}

/**
 * Opening a menu item makes it the active tab; it is added unless already present, item '1', or marked home.
 * The stored copy drops a one-time query.
 */
export function openTab(tabs: Tab[], item: Pick<MenuNode, "privisId" | "routerPath" | "home" | "once" | "query">): { tabs: Tab[]; active: string } {
  if (item.privisId === "1" || item.home || !item.routerPath) return { tabs, active: item.privisId };
  if (tabs.some((t) => t.privisId === item.privisId)) return { tabs, active: item.privisId };
  const tab: Tab = { privisId: item.privisId, path: item.routerPath, query: item.once ? "" : (item.query ?? "") };
  return { tabs: [...tabs, tab], active: item.privisId };
}

/** Closing a tab: the neighbour to the right (else left) becomes active when the closed one was active. */
export function closeTab(tabs: Tab[], privisId: string, active: string | null): { tabs: Tab[]; active: string | null } {
  const index = tabs.findIndex((t) => t.privisId === privisId);
  if (index < 0) return { tabs, active };
  const next = tabs.filter((t) => t.privisId !== privisId);
  if (active !== privisId) return { tabs: next, active };
  const neighbour = next[index] ?? next[index - 1];
  return { tabs: next, active: neighbour ? neighbour.privisId : null };
}

/**
 * Breadcrumb by type (spec §4): 0 or none clears; 1 appends to the cached breadcrumb; 2 appends to the
 * current trail; 3 removes the last when more than one; 4 replaces the last when more than one, else
 * appends; 5 resets to this item.
 */
export function nextBreadcrumb(trail: Crumb[], cached: Crumb[], crumb: Crumb, type: number | null | undefined): Crumb[] {
  switch (type) {
    case 1:
      return [...cached, crumb];
    case 2:
      return [...trail, crumb];
    case 3:
      return trail.length > 1 ? trail.slice(0, -1) : trail;
    case 4:
      return trail.length > 1 ? [...trail.slice(0, -1), crumb] : [...trail, crumb];
    case 5:
      return [crumb];
    default:
      return [];
  }
}

/**
 * A menu row as the layout sends it to the browser: one short array per item instead of an object with keys, with
 * the name in the page's language only (a language switch reloads the layout's data), a numeric id as a number, and
 * 0 for the usual path `/<privis>`. The array travels as a JSON string inside the page's data, where every quote
 * costs four bytes: the menu was a fifth of a list page's HTML.
 */
export type MenuWire = [privisId: string | number, parent: string | number, name: string, privis: string, routerPath: string | 0 | null, sort: number, type: number, flags: number, query: string | null, icon: string | null];
export type MenuRow = Omit<MenuNode, "children"> & { hidden: boolean };

const HOME = 1;
const ONCE = 2;
const HIDDEN = 4;

/** "1001" → 1001, only when the number gives the same text back */
const compactId = (id: string): string | number => (/^(0|[1-9]\d{0,14})$/.test(id) ? Number(id) : id);

export function encodeMenu(rows: MenuRow[], lang: string): MenuWire[] {
  return rows.map((m) => [
    compactId(m.privisId),
    compactId(m.parent),
    lang === "en-US" ? m.nameEn : m.name,
    m.privis,
    m.routerPath !== null && m.routerPath === `/${m.privis}` ? 0 : m.routerPath,
    m.sort,
    m.type,
    (m.home ? HOME : 0) | (m.once ? ONCE : 0) | (m.hidden ? HIDDEN : 0),
    m.query,
    m.icon,
  ]);
}

/** The rows back, the one name standing for both languages (menuLabel reads the page's). */
export function decodeMenu(wire: MenuWire[]): MenuRow[] {
  return wire.map(([privisId, parent, name, privis, routerPath, sort, type, flags, query, icon]) => ({
    privisId: String(privisId),
    parent: String(parent),
    name,
    nameEn: name,
    privis,
    routerPath: routerPath === 0 ? `/${privis}` : routerPath,
    sort,
    type,
    home: (flags & HOME) !== 0,
    once: (flags & ONCE) !== 0,
    hidden: (flags & HIDDEN) !== 0,
    query,
    icon,
  }));
}
