import { useTranslation } from "react-i18next";
import { labelOf } from "~/lib/list/types";
import { formatInZone } from "~/lib/tenant-clock";
import { useTimeZone } from "~/lib/use-time-zone";
import type { HistoryEntry } from "./document.server";

/** 变更记录: a document's audit records (its saves and its transitions) in the reader's words, newest first. */
export function DocumentHistory({ history }: { history: HistoryEntry[] }) {
  const { t, i18n } = useTranslation("resource");
  const lang = i18n.language;
  const timeZone = useTimeZone();
  return (
    <section className="rounded-lg border border-line bg-panel p-4" data-testid="document-history" aria-labelledby="document-history-title">
      <h2 id="document-history-title" className="mb-2 text-base font-semibold text-ink">
        {t("document.history")}
      </h2>
      {history.length ? (
        <ol className="space-y-1 text-sm">
          {history.map((h, i) => (
            <li key={i} className="flex flex-wrap gap-x-3">
              <time className="tabular-nums text-muted">{formatInZone(h.at, timeZone, lang)}</time>
              <span className="text-ink">{h.who}</span>
              <span className="font-medium text-ink">{labelOf(h.action, lang)}</span>
              <span className="min-w-0 break-words text-muted">{labelOf(h.summary, lang)}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-muted">{t("document.noHistory")}</p>
      )}
    </section>
  );
}
