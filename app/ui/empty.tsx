import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

export interface EmptyProps {
  /** What is missing, e.g. 暂无围栏; defaults to 暂无数据. */
  children?: ReactNode;
  /** A way forward: a 新增 button, a link to clear the filters. */
  action?: ReactNode;
  className?: string;
}

/** The placeholder a list or panel shows when it has nothing to show. */
export function Empty({ children, action, className = "" }: EmptyProps) {
  const { t } = useTranslation("widgets");
  return (
    <div role="status" className={`flex flex-col items-center justify-center gap-3 px-4 py-10 text-center text-sm text-muted ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 48 40" className="h-10 w-12 text-line" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M4 24 12 8h24l8 16v10a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2Z" />
        <path d="M4 24h12l2 5h12l2-5h12" />
      </svg>
      <p>{children ?? t("empty")}</p>
      {action}
    </div>
  );
}
