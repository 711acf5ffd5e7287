import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { REPORTS } from "~/modules/reports/texts/reports";
import { requireScope } from "~/modules/access/access.server";
import { readPreferences } from "~/modules/auth/preferences.server";
import { chipClass, reportHref } from "~/modules/reports/range-picker";
import { ReportPage } from "~/modules/reports/report-page";
import { rangeQuery, type ReportData } from "~/modules/reports/report-types";
import { DIMENSION_LABEL, REVENUE_DIMENSIONS, revenueDimension, type RevenueDimension } from "~/modules/reports/dimensions";
import { contractRevenue, reportRange } from "~/modules/reports/reports.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "合同收入", en: "Contract Revenue" }) }];

/** /contractRevenue 合同收入: revenue per month and contract, customer, equipment type or organisation, against cost (the Excel file is the .export route). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: "/contractRevenue" });
  const url = new URL(request.url);
  const by = revenueDimension(url.searchParams.get("by"));
  const lang = readPreferences(request).lang;
  return data({ report: { ...(await contractRevenue(scope, reportRange(url, scope), by, lang)), canExport: scope.access.permissions.has("contractRevenue:export") }, by });
}

export default function ContractRevenue() {
  const { report, by } = useLoaderData<{ report: ReportData; by: RevenueDimension }>();
  const { t, i18n } = useTranslation(REPORTS);
  const zh = i18n.language.startsWith("zh");
  const range = Object.fromEntries(new URLSearchParams(rangeQuery(report.range)));
  return (
    <ReportPage
      path="/contractRevenue"
      report="contractRevenue"
      data={report}
      keep={{ by }}
      controls={
        <nav aria-label={t("groupBy")} className="mb-3 flex flex-wrap items-center gap-2 text-sm text-ink" data-testid="group-by">
          <span className="text-muted">{t("groupBy")}</span>
          {REVENUE_DIMENSIONS.map((d) => (
            <Link key={d} to={reportHref("/contractRevenue", { ...range, by: d })} aria-current={d === by ? "true" : undefined} className={chipClass(d === by)}>
              {zh ? DIMENSION_LABEL[d].zh : DIMENSION_LABEL[d].en}
            </Link>
          ))}
        </nav>
      }
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
