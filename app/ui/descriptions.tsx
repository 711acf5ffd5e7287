import type { ReactNode } from "react";

export interface DescriptionItem {
  label: ReactNode;
  value: ReactNode;
  /** Spans the whole row (long texts: remarks, addresses). */
  wide?: boolean;
}

export interface DescriptionsProps {
  items: DescriptionItem[];
  /** Label/value pairs per row on wide screens. */
  columns?: 1 | 2 | 3;
  /** Shown for an empty value (null, undefined, ""). */
  placeholder?: ReactNode;
  className?: string;
}

const COLUMNS = { 1: "", 2: "md:grid-cols-2", 3: "md:grid-cols-2 xl:grid-cols-3" } as const;

/** The label/value detail of a document, as a description list (dt/dd) so screen readers pair them. */
export function Descriptions({ items, columns = 2, placeholder = "—", className = "" }: DescriptionsProps) {
  return (
    <dl className={`grid grid-cols-1 gap-x-6 gap-y-3 ${COLUMNS[columns]} ${className}`}>
      {items.map((item, i) => (
        <div key={i} className={`min-w-0 ${item.wide ? "md:col-span-full" : ""}`}>
          <dt className="text-sm text-muted">{item.label}</dt>
          <dd className="mt-0.5 break-words text-ink">{item.value === null || item.value === undefined || item.value === "" ? placeholder : item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
