/**
 * A document's approval as shown on it: the steps of its current round (who decides, who decided, when, the note)
 * and everything recorded on its way (submitted, approved, refused, recalled, …).
 */
import { useTranslation } from "react-i18next";
import { formatInZone } from "~/lib/tenant-clock";
import { useTimeZone } from "~/lib/use-time-zone";
import { Steps } from "~/ui/steps";
import type { ApprovalHistory } from "./approval.server";

export function ApprovalHistoryPanel({ history, timeZone }: { history: ApprovalHistory; timeZone?: string }) {
  const { t, i18n } = useTranslation("workflow");
  const tenantZone = useTimeZone();
  const when = (ms: number) => formatInZone(ms, timeZone ?? tenantZone, i18n.language);
  return (
    <section aria-labelledby="approval-progress" data-testid="approval-history" className="space-y-4 text-sm">
      <h3 id="approval-progress" className="font-semibold text-ink">
        {t("progress")}
      </h3>
      <Steps
        label={t("progress")}
        items={history.steps.map((s, i) => ({
          title: `${t("step", { n: i + 1 })} · ${s.approver ?? t("holders")}`,
          state: s.state,
          who: s.who,
          at: s.at ? when(s.at) : undefined,
          note: s.note,
        }))}
      />
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
