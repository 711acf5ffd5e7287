import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** One step of an approval: done, the current one, refused (the flow stops there), or still waiting. */
export type StepState = "done" | "current" | "refused" | "waiting";

export interface StepItem {
  title: string;
  state: StepState;
  /** Who acted (done/refused) or who must act (current/waiting). */
  who?: string;
  /** When they acted, already formatted in the tenant's clock. */
  at?: string;
  /** The reason or remark given. */
  note?: string;
}

export interface StepsProps {
  items: StepItem[];
  /** Names the list for screen readers, e.g. 审批进度. */
  label?: string;
  className?: string;
}

const MARK: Record<StepState, { circle: string; line: string; glyph: ReactNode }> = {
  done: { circle: "border-success bg-success text-panel", line: "bg-success", glyph: "✓" },
  current: { circle: "border-brand bg-brand-soft text-brand", line: "bg-line", glyph: "…" },
  refused: { circle: "border-danger bg-danger text-panel", line: "bg-line", glyph: "✕" },
  waiting: { circle: "border-line bg-panel text-muted", line: "bg-line", glyph: "" },
};

const TITLE: Record<StepState, string> = { done: "text-ink", current: "font-medium text-brand", refused: "font-medium text-danger", waiting: "text-muted" };

/**
 * Approval progress as a vertical ordered list: each step's state is written out ("已通过", "审批中",
 * "已驳回", "待审批"), not only coloured; the current step carries aria-current="step".
 */
export function Steps({ items, label, className = "" }: StepsProps) {
  const { t } = useTranslation("widgets");
  return (
    <ol aria-label={label ?? t("steps.label")} className={`flex flex-col ${className}`}>
      {items.map((item, i) => {
        const mark = MARK[item.state];
        const last = i === items.length - 1;
        return (
          <li key={`${i}-${item.title}`} data-state={item.state} aria-current={item.state === "current" ? "step" : undefined} className="flex gap-3">
            <div className="flex flex-col items-center">
              <span aria-hidden="true" className={`flex size-6 shrink-0 items-center justify-center rounded-full border-2 text-xs font-semibold ${mark.circle}`}>
                {mark.glyph || i + 1}
              </span>
              {last ? null : <span aria-hidden="true" className={`my-1 w-0.5 flex-1 ${mark.line}`} />}
            </div>
            <div className={`min-w-0 flex-1 ${last ? "" : "pb-5"}`}>
              <p className="flex flex-wrap items-baseline gap-x-2">
                <span className={TITLE[item.state]}>{item.title}</span>
                <span className={`text-xs ${item.state === "refused" ? "text-danger" : item.state === "done" ? "text-success" : "text-muted"}`}>{t(`steps.${item.state}`)}</span>
              </p>
              {item.who || item.at ? (
                <p className="mt-0.5 text-sm text-muted">
                  {item.who ? <span>{item.who}</span> : null}
                  {item.who && item.at ? " · " : null}
                  {item.at ? <time className="tabular-nums">{item.at}</time> : null}
                </p>
              ) : null}
              {item.note ? <p className="mt-1 rounded-sm bg-canvas px-2 py-1 text-sm text-ink">{item.note}</p> : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
