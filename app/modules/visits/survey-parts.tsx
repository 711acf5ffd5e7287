import { useState } from "react";
import { useTranslation } from "react-i18next";
import { VISITS } from "~/i18n/screen/visits";
import type { FormExtraContext } from "~/modules/resource/resource-drawers";
import { RouteTabs } from "~/ui/route-tabs";
import { averageHundredths, formatHundredths } from "./satisfaction";
import { surveyFormView, surveyQuestionView } from "./survey.resource";

/** 客户调研's two lists: the forms (with the figures) and the questionnaire. */
export function SurveyTabs() {
  const { t } = useTranslation(VISITS);
  return (
    <RouteTabs
      label={t("survey.tabs")}
      tabs={[
        { to: surveyFormView.path, label: t("survey.forms") },
        { to: surveyQuestionView.path, label: t("survey.questions") },
      ]}
    />
  );
}

export type SurveyQuestion = { id: number; text: string; enabled: number };
type Answer = { questionId?: string; score?: string };

/**
 * One row of radio buttons 1–5 per question (`answers[i].questionId` hidden, `answers[i].score` chosen): the enabled
 * questions and any other the form already answered. The average shows as the scores are chosen.
 */
export function ScoreFields({ questions, values, errorOf, mode }: FormExtraContext & { questions: SurveyQuestion[] }) {
  const { t } = useTranslation(VISITS);
  const given = Array.isArray(values.answers) ? (values.answers as (Answer | undefined)[]) : [];
  const scoreOf = (id: number) => given.find((a) => a?.questionId === String(id))?.score ?? "";
  const shown = questions.filter((q) => q.enabled === 1 || scoreOf(q.id) !== "");
  const [scores, setScores] = useState(() => shown.map((q) => scoreOf(q.id)));
  const average = averageHundredths(scores.filter((s) => /^[1-5]$/.test(s)).map(Number));
  const error = errorOf("answers");
  if (!shown.length) {
    return (
      <p role="alert" className="mb-4 text-sm text-danger">
        {t("survey.noQuestions")}
      </p>
    );
  }
  return (
    <div className="mb-4" data-testid="score-fields">
      <p className="mb-1 text-sm font-medium text-ink">{t("survey.score")}</p>
      {shown.map((q, i) => {
        const lineError = errorOf(`answers[${i}].score`) ?? errorOf(`answers[${i}].questionId`);
        return (
          <fieldset key={q.id} className="mb-1 flex items-center gap-3 border-b border-line/60 py-1" aria-invalid={lineError ? true : undefined}>
            <legend className="sr-only">{q.text}</legend>
            <input type="hidden" name={`answers[${i}].questionId`} value={q.id} />
            <span className="min-w-0 flex-1 text-sm text-ink" aria-hidden="true">
              {q.text}
            </span>
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n} className="flex items-center gap-1 text-sm">
                <input
                  type="radio"
                  name={`answers[${i}].score`}
                  value={n}
                  disabled={mode === "view"}
                  defaultChecked={scoreOf(q.id) === String(n)}
                  onChange={() => setScores((s) => s.map((v, j) => (j === i ? String(n) : v)))}
                  aria-label={`${q.text} ${n}`}
                />
                {n}
              </label>
            ))}
            {lineError ? (
              <span role="alert" className="text-xs text-danger">
                {lineError}
              </span>
            ) : null}
          </fieldset>
        );
      })}
      <p className="mt-1 text-sm" data-testid="form-average">
        {t("survey.formAverage")}: <strong className="tabular-nums">{formatHundredths(average)}</strong>
      </p>
      {error ? (
        <p role="alert" className="mt-0.5 text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export type Figure = { key: string; label: string; forms: number; average: number };

/** The average per customer and per month beside the list: two small tables and the months as bars (plain SVG). */
export function SurveyFigures({ byCustomer, byMonth }: { byCustomer: Figure[]; byMonth: Figure[] }) {
  const { t } = useTranslation(VISITS);
  const table = (caption: string, head: string, rows: Figure[], testId: string) => (
    <table className="mb-4 w-full border-collapse text-sm" data-testid={testId}>
      <caption className="mb-1 text-left text-sm font-medium text-ink">{caption}</caption>
      <thead>
        <tr className="border-b border-line text-left text-muted">
          <th scope="col" className="px-1 py-1 font-normal">
            {head}
          </th>
          <th scope="col" className="px-1 py-1 text-right font-normal">
            {t("survey.count")}
          </th>
          <th scope="col" className="px-1 py-1 text-right font-normal">
            {t("survey.average")}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} className="border-b border-line/60">
            <td className="max-w-[180px] truncate px-1 py-1" title={r.label}>
              {r.label}
            </td>
            <td className="px-1 py-1 text-right tabular-nums">{r.forms}</td>
            <td className="px-1 py-1 text-right tabular-nums">{formatHundredths(r.average)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (!byCustomer.length) return <p className="text-sm text-muted">{t("survey.noFigures")}</p>;
  return (
    <>
      <figure className="mb-4">
        <figcaption className="mb-1 text-sm font-medium text-ink">{t("survey.chart")}</figcaption>
        <svg viewBox={`0 0 ${byMonth.length * 24} 64`} className="h-16 w-full" role="img" aria-label={byMonth.map((m) => `${m.label} ${formatHundredths(m.average)}`).join(", ")}>
          {byMonth.map((m, i) => {
            const h = Math.round((m.average / 500) * 56);
            return <rect key={m.key} x={i * 24 + 4} y={60 - h} width={16} height={h} rx={2} className="fill-brand" />;
          })}
        </svg>
      </figure>
      {table(t("survey.byMonth"), t("survey.month"), byMonth, "figures-month")}
      {table(t("survey.byCustomer"), t("survey.customer"), byCustomer, "figures-customer")}
    </>
  );
}
