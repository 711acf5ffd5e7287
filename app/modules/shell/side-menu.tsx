import { Link, useLocation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { menuTarget, menuTrail, withQuery, type MenuNode } from "~/lib/navigation";

export function menuLabel(node: Pick<MenuNode, "name" | "nameEn">, lang: string): string {
  return lang === "en-US" ? node.nameEn : node.name;
}

/** Token items (4001/4002) ask the server for a token, then open the target in a new window. */
async function openWithToken(tokenUrl: string, path: string, param: string) {
  const res = await fetch(`${tokenUrl}?t=${Date.now()}`, { credentials: "same-origin" });
  const body = (await res.json().catch(() => null)) as { code?: number; data?: string; message?: string } | null;
  if (!res.ok || !body?.data) throw new Error(body?.message ?? "token");
  const [base, hash = ""] = path.split("#");
  const withToken = (s: string) => withQuery(s, `${param}=${encodeURIComponent(body.data!)}`);
  window.open(hash ? `${base}#${withToken(hash)}` : withToken(path), "_blank", "noopener");
}

function MenuLink({ node, parentId, lang, active, folded }: { node: MenuNode; parentId?: string; lang: string; active: boolean; folded: boolean }) {
  const target = menuTarget(node, parentId);
  const label = menuLabel(node, lang);
  const cls = `flex items-center gap-2 rounded-md px-3 py-2 text-sm ${active ? "bg-aside-active text-white" : "text-aside-ink hover:bg-white/10 hover:text-white"}`;
  if (target.kind === "window")
    return (
      <a href={target.path} target="_blank" rel="noopener" className={cls} data-menu={node.privisId}>
        {label} <span aria-hidden="true">↗</span>
      </a>
    );
  if (target.kind === "token")
    return (
      <button type="button" className={`${cls} w-full text-left`} data-menu={node.privisId} onClick={() => openWithToken(target.tokenUrl, target.path, target.asParam).catch(() => undefined)}>
        {label} <span aria-hidden="true">↗</span>
      </button>
    );
  return (
    <Link to={target.path} className={cls} aria-current={active ? "page" : undefined} data-menu={node.privisId} title={folded ? label : undefined}>
      {label}
    </Link>
  );
}

/** The side menu from the user's privilege tree; groups fold open and shut, the current group starts open. */
export function SideMenu({ tree, folded }: { tree: MenuNode[]; folded: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { pathname } = useLocation();
  const trail = menuTrail(tree, pathname);
  const [open, setOpen] = useState<Set<string>>(() => new Set(trail.slice(0, 1).map((n) => n.privisId)));
  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const activeId = trail.at(-1)?.privisId;

  return (
    <nav aria-label={t("menu")} className={`flex-1 overflow-y-auto py-2 ${folded ? "px-1" : "px-2"}`}>
      <ul className="space-y-1">
        {tree.map((group) =>
          group.children.length === 0 ? (
            <li key={group.privisId}>
              <MenuLink node={group} lang={lang} active={group.privisId === activeId} folded={folded} />
            </li>
          ) : (
            <li key={group.privisId} className="relative">
              <button
                type="button"
                aria-expanded={open.has(group.privisId)}
                aria-controls={`menu-${group.privisId}`}
                onClick={() => toggle(group.privisId)}
                title={folded ? menuLabel(group, lang) : undefined}
                className={`flex w-full items-center justify-between rounded-md px-3 py-2 text-left text-sm ${trail[0]?.privisId === group.privisId ? "text-white" : "text-aside-ink"} hover:bg-white/10`}
              >
                <span className="truncate">{folded ? menuLabel(group, lang).slice(0, 2) : menuLabel(group, lang)}</span>
                {folded ? null : <span aria-hidden="true">{open.has(group.privisId) ? "▾" : "▸"}</span>}
              </button>
              {open.has(group.privisId) ? (
                <ul id={`menu-${group.privisId}`} className={folded ? "absolute top-0 left-full z-30 ml-1 w-[2rem] space-y-0.5 rounded-md bg-aside p-1 shadow-lg" : "mt-1 space-y-0.5 pl-3"}>
                  {group.children.map((item) => (
                    <li key={item.privisId}>
                      <MenuLink node={item} parentId={group.privisId} lang={lang} active={item.privisId === activeId} folded={folded} />
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
