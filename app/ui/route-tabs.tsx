import { NavLink } from "@remix-run/react";

/** Lists of one menu screen as tabs, each its own route (the vehicle archive, the alarm settings). */
export function RouteTabs({ label, tabs }: { label: string; tabs: { to: string; label: string }[] }) {
  return (
    <nav aria-label={label} className="flex gap-1 border-b border-line px-4 pt-3">
      {tabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end
          prefetch="intent"
          className={({ isActive }) =>
            `-mb-px rounded-t-md border px-3 py-1.5 text-sm ${isActive ? "border-line border-b-panel bg-panel font-medium text-brand" : "border-transparent text-muted hover:text-ink"}`
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
