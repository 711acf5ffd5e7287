import type { HTMLAttributes, ReactNode } from "react";

/** The colour a status speaks in: neutral (draft, waiting), info (in progress), success, warning, danger (refused, disabled). */
export type BadgeTone = "neutral" | "info" | "success" | "warning" | "danger";

const TONES: Record<BadgeTone, string> = {
  neutral: "border-line bg-canvas text-muted",
  info: "border-brand/40 bg-brand-soft text-brand",
  success: "border-success/40 bg-success/10 text-success",
  warning: "border-warning/40 bg-warning/10 text-warning",
  danger: "border-danger/40 bg-danger/10 text-danger",
};

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
  /** A dot before the text, as status columns show it. */
  dot?: boolean;
  children: ReactNode;
}

/** A short status label (启用/停用, 审批中, 已驳回) in one of five tones; the text itself carries the meaning, never the colour alone. */
export function Badge({ tone = "neutral", dot = false, className = "", children, ...rest }: BadgeProps) {
  return (
    <span data-tone={tone} className={`inline-flex items-center gap-1 whitespace-nowrap rounded-sm border px-2 py-0.5 text-xs leading-5 ${TONES[tone]} ${className}`} {...rest}>
      {dot ? <span aria-hidden="true" className="size-1.5 rounded-full bg-current" /> : null}
      {children}
    </span>
  );
}
