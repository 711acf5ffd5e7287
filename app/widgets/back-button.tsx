import { Link, useNavigate } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export interface BackButtonProps {
  /** Where to go when there is no earlier page of ours in the history (opened from a link or a new tab). */
  fallbackHref: string;
  className?: string;
}

/** React Router numbers its history entries; above 0 means an earlier page of this app is there. */
const hasAppHistory = () => typeof window !== "undefined" && ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

/** 返回: goes back in history, else to the fallback; a plain link to the fallback before JavaScript. */
export function BackButton({ fallbackHref, className = "" }: BackButtonProps) {
  const { t } = useTranslation("widgets");
  const navigate = useNavigate();
  return (
    <Link
      to={fallbackHref}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0 || !hasAppHistory()) return;
        e.preventDefault();
        navigate(-1);
      }}
      className={`inline-flex h-9 items-center gap-1 rounded-md border border-line bg-panel px-3 text-base text-ink hover:border-brand hover:text-brand ${className}`}
    >
      <span aria-hidden="true">‹</span>
      {t("back")}
    </Link>
  );
}
