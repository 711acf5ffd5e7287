import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireScope } from "~/modules/access/access.server";
import { readPreferences } from "~/modules/auth/preferences.server";
import { RangePicker } from "~/modules/reports/range-picker";
import { reportCentre } from "~/modules/reports/report-centre.server";
import { labelIn, rangeQuery } from "~/modules/reports/report-types";
import { reportRange } from "~/modules/reports/reports.server";
import { REPORTS } from "~/modules/reports/texts/reports";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "报表统计", en: "Report Statistics" }) }];

/** /reportStat 报表统计: the report centre, each report's headline figures over the period with a link to it. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: "/reportStat" });
  const range = reportRange(new URL(request.url), scope);
  return data({ range, cards: await reportCentre(scope, range, readPreferences(request).lang) });
}

export default function ReportStat() {
  const { range, cards } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation(REPORTS);
  const lang = i18n.language;
  return (
    <div className="p-4" data-testid="report-centre">
      <h1 className="mb-1 text-xl font-semibold text-ink">{t("centre.title")}</h1>
      <p className="mb-3 text-xs text-muted">{t("centre.note")}</p>
      <RangePicker path="/reportStat" range={range} />
      <p className="mb-2 text-sm text-muted" data-testid="report-range">
        {t("range.label")}: {range.from} ~ {range.to}
      </p>
      {range.refused ? (
        <p role="alert" className="mb-2 text-sm text-danger">
          {t("range.invalid")}
        </p>
      ) : null}
      {cards.length === 0 ? (
        <p className="rounded-lg border border-line bg-panel px-4 py-8 text-center text-muted">{t("centre.none")}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-4">
          {cards.map((c) => (
            <li key={c.key} className="flex flex-col rounded-lg border border-line bg-panel p-4" data-testid={`centre-${c.key}`}>
              <h2 className="mb-3 text-base font-semibold text-ink">{t(`titles.${c.key}`)}</h2>
              <dl className="mb-3 grid grid-cols-2 gap-3">
                {c.figures.map((f) => (
                  <div key={f.label.en}>
                    <dt className="text-xs text-muted">{labelIn(f.label, lang)}</dt>
                    <dd className={`text-lg font-semibold tabular-nums ${f.text.startsWith("-") ? "text-danger" : "text-ink"}`}>{f.text}</dd>
                  </div>
                ))}
              </dl>
              <Link to={`${c.path}?${rangeQuery(range)}`} className="mt-auto text-sm text-brand hover:underline">
                {t("centre.open")} →
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
