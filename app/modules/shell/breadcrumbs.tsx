import { Link, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { menuItemFor, nextBreadcrumb, type Crumb, type MenuNode } from "~/lib/navigation";
import { menuLabel } from "./side-menu";

const KEY = "derrick.breadcrumb";
type Stored = { trail: Crumb[]; pair: string; cache: Record<string, Crumb[]> };

/** Ancestors of a menu item, top first (first- and second-level menus). */
function ancestors(item: MenuNode, byId: Map<string, MenuNode>): MenuNode[] {
  const chain: MenuNode[] = [];
  for (let p = byId.get(item.parent); p; p = byId.get(p.parent)) chain.unshift(p);
  return chain;
}

/** The menu's items by id: one map per menu (the layout hands every page of a user the same list), not per render. */
function itemsById(items: MenuNode[]): Map<string, MenuNode> {
  let byId = byIdOf.get(items);
  if (!byId) byIdOf.set(items, (byId = new Map(items.map((m) => [m.privisId, m]))));
  return byId;
}
const byIdOf = new WeakMap<MenuNode[], Map<string, MenuNode>>();

/**
 * Breadcrumbs with the spec §4 type rules: each arrival applies the item's type to the trail; the trail of
 * the previous first/second-level pair is cached and restored when the user comes back to that pair.
 */
export function Breadcrumbs({ items }: { items: MenuNode[] }) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const byId = itemsById(items);
  const item = menuItemFor(items, pathname);
  const [trail, setTrail] = useState<Crumb[]>(item ? [{ privisId: item.privisId, path: item.routerPath }] : []);

  useEffect(() => {
    if (!item) return;
    let stored: Stored = { trail: [], pair: "", cache: {} };
    try {
      stored = { ...stored, ...(JSON.parse(sessionStorage.getItem(KEY) ?? "{}") as Partial<Stored>) };
    } catch {
      /* a broken entry starts a new trail */
    }
    const pair = ancestors(item, byId)
      .slice(0, 2)
      .map((n) => n.privisId)
      .join("/");
    const cache = { ...stored.cache };
    let current = stored.trail;
    if (pair !== stored.pair) {
      cache[stored.pair] = stored.trail;
      current = cache[pair] ?? [];
    }
    const crumb = { privisId: item.privisId, path: item.routerPath };
    let next = nextBreadcrumb(current, cache[pair] ?? [], crumb, item.type);
    if (next.at(-1)?.privisId !== item.privisId) next = [...next.filter((c) => c.privisId !== item.privisId), crumb];
    sessionStorage.setItem(KEY, JSON.stringify({ trail: next, pair, cache }));
    setTrail(next);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a crumb is added per navigation; the menu it looks up is the same for the whole page
  }, [pathname]);

  const first = trail[0] ? byId.get(trail[0].privisId) : item;
  const lang = i18n.language;
  const crumbs: { key: string; label: string; to?: string }[] = [{ key: "home", label: t("tabs.home"), to: "/manageWork" }];
  for (const n of first ? ancestors(first, byId) : []) crumbs.push({ key: `h${n.privisId}`, label: menuLabel(n, lang) });
  for (const c of trail) {
    const node = byId.get(c.privisId);
    if (node) crumbs.push({ key: c.privisId, label: menuLabel(node, lang), to: c.path ?? undefined });
  }
  // the same name twice in a row (the 工作台 group holding the 工作台 page) says nothing: keep the later one
  const shown = crumbs.filter((c, i) => c.label !== crumbs[i + 1]?.label);
  return (
    <nav aria-label={t("breadcrumb")} className="text-sm text-muted">
      <ol className="flex items-center gap-1" data-testid="breadcrumb">
        {shown.map((c, i) => {
          const last = i === shown.length - 1;
          return (
            <li key={c.key} className={i > 0 ? "before:mx-1 before:content-['/']" : undefined}>
              {last || !c.to ? (
                <span className={last ? "text-ink" : undefined} aria-current={last ? "page" : undefined}>
                  {c.label}
                </span>
              ) : (
                <Link to={c.to} className="hover:text-brand">
                  {c.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
