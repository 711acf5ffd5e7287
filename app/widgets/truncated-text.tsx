import * as Tooltip from "@radix-ui/react-tooltip";
import { useEffect, useRef, useState, type ElementType } from "react";

export interface TruncatedTextProps {
  text: string;
  /** Element to render; span by default (block-level through its classes). */
  as?: ElementType;
  className?: string;
}

const isTruncated = (el: HTMLElement | null) => !!el && el.scrollWidth > el.clientWidth + 1;

/**
 * One line cut with an ellipsis; the full text shows in a tooltip only when it is actually cut.
 * A cut text becomes focusable so keyboard users can read it too.
 */
export function TruncatedText({ text, as: Tag = "span", className = "" }: TruncatedTextProps) {
  const ref = useRef<HTMLElement>(null);
  const [cut, setCut] = useState(false);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setCut(isTruncated(el));
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [text]);

  return (
    <Tooltip.Provider delayDuration={300}>
      <Tooltip.Root open={open} onOpenChange={(next) => setOpen(next && isTruncated(ref.current))}>
        <Tooltip.Trigger asChild>
          <Tag ref={ref} tabIndex={cut ? 0 : undefined} className={`block min-w-0 truncate ${className}`}>
            {text}
          </Tag>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content side="top" sideOffset={4} className="z-50 max-w-[4.8rem] rounded-md bg-ink px-3 py-1.5 text-sm break-words text-panel shadow-lg">
            {text}
            <Tooltip.Arrow className="fill-ink" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
