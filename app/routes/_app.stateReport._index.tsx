import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ReportPage } from "~/modules/reports/report-page";
import { REPORTS } from "~/modules/reports/texts/reports";
import type { ReportData } from "~/modules/reports/report-types";
import { StateTabs } from "~/modules/terminal-health/state-tabs";
import { stateReportLoader } from "~/modules/terminal-health/state-report-route.server";
import { TERMINAL_HEALTH } from "~/modules/terminal-health/texts/terminalHealth";
import { RouteErrorBoundary } from "~/ui/error-state";
import { Button } from "~/ui/button";
import { Select } from "~/ui/input";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "状态报表", en: "Status Report" }) }];

/** /stateReport 状态报表: the terminals' hours online, running, idling, stopped and offline per machine and day, and their transitions (the file is the .export route). */
export const loader = stateReportLoader;

export default function StateReport() {
  const { report, machines, vehicle } = useLoaderData<{ report: ReportData; machines: { id: number; plate: string }[]; vehicle: number | null }>();
  const { t } = useTranslation(TERMINAL_HEALTH);
  const { t: tr } = useTranslation(REPORTS);
  const keep: Record<string, string> = vehicle ? { vehicle: String(vehicle) } : {};
  const controls = (
    <Form method="get" className="mb-3 flex flex-wrap items-end gap-2" data-testid="state-machine">
      <input type="hidden" name="from" value={report.range.from} />
      <input type="hidden" name="to" value={report.range.to} />
      <label className="text-sm text-muted">
        <span className="mb-1 block">{t("online.plate")}</span>
        <Select name="vehicle" defaultValue={vehicle ?? ""} className="w-56">
          <option value="">{t("online.all")}</option>
          {machines.map((m) => (
            <option key={m.id} value={m.id}>
              {m.plate}
            </option>
          ))}
        </Select>
      </label>
      <Button type="submit" variant="secondary">
        {tr("range.apply")}
      </Button>
    </Form>
  );
  return (
    <>
      <StateTabs />
      <ReportPage path="/stateReport" report="state" data={report} keep={keep} controls={controls} />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
