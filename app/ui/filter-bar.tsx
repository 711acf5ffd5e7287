import { Form } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * A screen's filters as a GET form in one wrapping row (the search, reset and export buttons at its end): the query is
 * the URL, so a filtered page can be bookmarked and works without JavaScript. For the screens beside the generic list
 * (its search bar is app/widgets/search-bar.tsx): overdue, collection, the reports' range.
 */
export function FilterBar({ label, action, className = "", children }: { label: string; action?: string; className?: string; children: ReactNode }) {
  return (
    <Form method="get" action={action} className={`flex flex-wrap items-end gap-3 ${className}`} aria-label={label}>
      {children}
    </Form>
  );
}

/** One filter: its label above its control. */
export function FilterField({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <label className="flex flex-col gap-1 text-sm text-ink">
      {label}
      {children}
    </label>
  );
}
