import { useTranslation } from "react-i18next";
import { VISITS } from "~/modules/visits/texts/visits";
import { RouteTabs } from "~/ui/route-tabs";
import { formatHundredths } from "./satisfaction";
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
