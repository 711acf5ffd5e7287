/**
 * A document's approval as shown on it: the steps of its current round (who decides, who decided, when, the note)
 * and everything recorded on its way (submitted, approved, refused, recalled, …).
 */
import { useTranslation } from "react-i18next";
import { formatInZone } from "~/lib/tenant-clock";
import { useTimeZone } from "~/lib/use-time-zone";
import type { ApprovalHistory } from "./approval.server";

const STEP_TONE = { done: "bg-success text-white", current: "bg-brand text-white", refused: "bg-danger text-white", waiting: "bg-canvas text-muted border border-line" } as const;

export function ApprovalHistoryPanel({ history, timeZone }: { history: ApprovalHistory; timeZone?: string }) {
  const { t, i18n } = useTranslation("workflow");
  const tenantZone = useTimeZone();
  const when = (ms: number) => formatInZone(ms, timeZone ?? tenantZone, i18n.language);
  return (
    <section aria-labelledby="approval-progress" data-testid="approval-history" className="space-y-4 text-sm">
      <h3 id="approval-progress" className="font-semibold text-ink">
        {t("progress")}
      </h3>
      <ol className="flex flex-wrap gap-4">
        {history.steps.map((s, i) => (
          <li key={i} className="flex min-w-40 items-start gap-2" data-state={s.state}>
            <span aria-hidden className={`mt-0.5 inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs ${STEP_TONE[s.state]}`}>
              {s.state === "done" ? "✓" : s.state === "refused" ? "✕" : i + 1}
            </span>
            <div>
              <p className="font-medium text-ink">
                {t("step", { n: i + 1 })} · {s.approver ?? t("holders")}
              </p>
              <p className={s.state === "refused" ? "text-danger" : s.state === "done" ? "text-success" : "text-muted"}>{t(`stepState.${s.state}`)}</p>
              {s.who ? (
                <p className="text-muted" suppressHydrationWarning>
                  {s.who} · {s.at ? when(s.at) : ""}
                </p>
              ) : null}
              {s.note ? <p className="whitespace-pre-wrap break-all text-ink">{s.note}</p> : null}
            </div>
          </li>
        ))}
      </ol>
      <h3 className="font-semibold text-ink">{t("history")}</h3>
      {history.records.length === 0 ? (
        <p className="text-muted">{t("noRecords")}</p>
      ) : (
        <ol className="space-y-1">
          {history.records.map((r, i) => (
            <li key={i} className="flex gap-3">
              <span className="w-32 shrink-0 text-muted" suppressHydrationWarning>
                {when(r.at)}
              </span>
              <span className="text-ink">
                {r.who} · {t(`actions.${r.action}`)}
                {r.stepNo ? ` · ${t("step", { n: r.stepNo })}` : ""}
                {r.note ? `：${r.note}` : ""}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
