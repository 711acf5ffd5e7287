import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { REPORTS } from "~/modules/reports/texts/reports";
import { buttonClass } from "~/ui/button";
import { DownloadLink } from "~/widgets/download-link";
import { RangePicker } from "./range-picker";
import { ReportChart } from "./report-chart";
import { ReportTable } from "./report-table";
import { emptyTextKey, rangeQuery, type ReportData, type ReportKey } from "./report-types";

export type { ReportKey };

/**
 * A report's page: title and what it counts, the period, the report's own controls, 导出Excel and 导出PDF (the same
 * tables as files, for the same range and controls), the chart and the tables. The figures come from the loader,
 * already summed; nothing is computed here.
 */
export function ReportPage({ path, report, data, keep = {}, controls }: { path: string; report: ReportKey; data: ReportData; keep?: Record<string, string>; controls?: ReactNode }) {
  const { t, i18n } = useTranslation(REPORTS);
  const { t: tr } = useTranslation("resource");
  const lang = i18n.language;
  const title = t(`titles.${report}`);
  const extra = new URLSearchParams(keep).toString();
  const exportHref = `${path}/export?${rangeQuery(data.range)}${extra ? `&${extra}` : ""}`;
  const busyText = (percent: number | null) => (percent === null ? tr("exporting") : tr("exportProgress", { percent }));
  return (
    <div className="p-4" data-testid={`report-${report}`}>
      <div className="mb-1 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-ink">{title}</h1>
        <div className="flex flex-wrap items-center gap-2">
          {data.canExport ? (
            <>
              <DownloadLink href={exportHref} busyText={busyText} doneText={tr("exportDone")} className={buttonClass({ variant: "secondary" })} data-testid="export">
                {t("export")}
              </DownloadLink>
              <DownloadLink href={`${exportHref}&format=pdf`} busyText={busyText} doneText={tr("exportDone")} className={buttonClass({ variant: "secondary" })} data-testid="export-pdf">
                {t("exportPdf")}
              </DownloadLink>
            </>
          ) : null}
        </div>
      </div>
      <p className="mb-3 text-xs text-muted">{t(`notes.${report}`)}</p>
      <RangePicker path={path} range={data.range} keep={keep} />
      {controls}
      <p className="mb-2 text-sm text-muted" data-testid="report-range">
        {t("range.label")}: {data.range.from} ~ {data.range.to}
      </p>
      {data.range.refused ? (
        <p role="alert" className="mb-2 text-sm text-danger" data-testid="report-range-refused">
          {t("range.invalid")}
        </p>
      ) : null}
      <ReportChart chart={data.chart} lang={lang} label={`${title} · ${data.chart.title[lang.startsWith("zh") ? "zh" : "en"]} · ${data.range.from} ~ ${data.range.to}`} emptyText={t("chartEmpty")} />
      {data.tables.map((table, i) => (
        <ReportTable key={i} table={table} lang={lang} emptyText={t(emptyTextKey(report, i))} testId={i === 0 ? "report-table" : `report-table-${i}`} />
      ))}
    </div>
  );
}

/** The page of a report whose only control is its period (its loader: reportLoaders(…).page). */
export function periodReport(path: string, report: ReportKey) {
  return function Report() {
    const { report: data } = useLoaderData<{ report: ReportData }>();
    return <ReportPage path={path} report={report} data={data} />;
  };
}
