import type { HTMLAttributes, ReactNode } from "react";

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, "title"> {
  /** Heading of the card; it also names the section for screen readers. */
  title?: ReactNode;
  /** Buttons or links at the right of the heading. */
  extra?: ReactNode;
  children?: ReactNode;
}

/** A panel on the canvas: a bordered section with an optional heading row. */
export function Card({ title, extra, children, className = "", id, ...rest }: CardProps) {
  const headingId = title && id ? `${id}-title` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={`rounded-lg border border-line bg-panel text-ink shadow-sm ${className}`} {...rest}>
      {title || extra ? (
        <header className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
          {title ? (
            <h2 id={headingId} className="text-base font-medium">
              {title}
            </h2>
          ) : (
            <span />
          )}
          {extra ? <div className="flex items-center gap-2">{extra}</div> : null}
        </header>
      ) : null}
      <div className="p-4">{children}</div>
    </section>
  );
}
