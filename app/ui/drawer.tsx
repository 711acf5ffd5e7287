import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef, type HTMLAttributes, type KeyboardEvent, type ReactNode } from "react";

export interface DrawerProps extends Omit<HTMLAttributes<HTMLElement>, "title"> {
  /** The heading; it names the drawer (aria-labelledby). */
  title: ReactNode;
  /** Id of the heading, unique on the page. */
  titleId: string;
  /** Where × and Escape go: the list's URL without the drawer's query parameter. */
  closeTo: string;
  /** Accessible name of ×, e.g. 取消. */
  closeLabel: string;
  /** Tailwind width class; spec §9 default 70vw. */
  widthClass?: string;
  /** Pads the body and scrolls it; turn off when the body is a Form that lays itself out. */
  padded?: boolean;
  children?: ReactNode;
}

/**
 * A drawer from the right edge whose open state is the URL (?edit=3, ?dict=5): the server renders it,
 * so it opens and closes with links before JavaScript arrives, and the back button closes it. Not
 * modal — the list behind stays usable. Escape closes it; on opening it takes the focus unless a
 * field inside already did. For a drawer opened by client state use Dialog's ModalDrawer.
 */
export function Drawer({ title, titleId, closeTo, closeLabel, widthClass = "w-[70vw]", padded = false, className = "", children, onKeyDown, ...rest }: DrawerProps) {
  const navigate = useNavigate();
  const self = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = self.current;
    if (el && !el.contains(document.activeElement)) el.focus({ preventScroll: true });
  }, []);
  const closeOnEscape = (e: KeyboardEvent<HTMLElement>) => {
    onKeyDown?.(e);
    // a nested dialog (a portal, outside this element) handles its own Escape
    if (e.key !== "Escape" || e.defaultPrevented || !e.currentTarget.contains(e.target as Node)) return;
    e.preventDefault();
    navigate(closeTo, { preventScrollReset: true });
  };
  return (
    <aside
      ref={self}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={closeOnEscape}
      className={`fixed inset-y-0 right-0 z-30 flex max-w-full flex-col border-l border-line bg-panel text-ink shadow-2xl focus:outline-none ${widthClass} ${className}`}
      {...rest}
    >
      <header className="flex shrink-0 items-center justify-between gap-4 border-b border-line px-5 py-3">
        <h2 id={titleId} className="min-w-0 truncate text-base font-semibold text-ink">
          {title}
        </h2>
        <Link to={closeTo} preventScrollReset aria-label={closeLabel} title={closeLabel} className="rounded-sm px-2 text-lg leading-none text-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-brand">
          ✕
        </Link>
      </header>
      {padded ? <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div> : children}
    </aside>
  );
}
