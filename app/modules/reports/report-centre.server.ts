import { hasScreen, type RequestScope } from "~/modules/access/access.server";
import { hdReport, oilWearReport, operationReport } from "./fleet-reports.server";
import type { ReportRange } from "./quick-range";
import { towerWorkReport } from "./tower-report.server";
import { performanceReport } from "./performance.server";
import { engineeringEquipment } from "./equipment.server";
import { mileageReport } from "./mileage-report.server";
import { onlineReport } from "./online-report.server";
import { drivingBehaviourReport } from "./driving-behaviour.server";
import { cellText, type ReportData, type ReportKey } from "./report-types";
import { contractRevenue, customerZeroRent, operateData, overtimeReport } from "./reports.server";

/** A report on the report centre: its screen, its figures' function, and which columns of its total row stand for it. */
interface CentreEntry {
  path: string;
  key: ReportKey;
  run: (scope: RequestScope, range: ReportRange, lang: string) => Promise<ReportData>;
  figures: string[];
}

const ENTRIES: CentreEntry[] = [
  { path: "/contractRevenue", key: "contractRevenue", run: (scope, range, lang) => contractRevenue(scope, range, "contract", lang), figures: ["revenue", "margin"] },
  { path: "/customerZeroRentReport", key: "customerZeroRent", run: customerZeroRent, figures: ["trips", "revenue"] },
  { path: "/overtimeReport", key: "overtime", run: overtimeReport, figures: ["hours", "amount"] },
  { path: "/operateDataReport", key: "operateData", run: operateData, figures: ["utilisation", "engineHours"] },
  { path: "/operationReport", key: "operation", run: operationReport, figures: ["hours", "days"] },
  { path: "/oilWearReport", key: "oilWear", run: oilWearReport, figures: ["fuel", "per100"] },
  { path: "/hdReport", key: "hd", run: hdReport, figures: ["idle", "share"] },
  { path: "/tjwsWorkingReport", key: "towerWork", run: towerWorkReport, figures: ["lifts", "overloads"] },
  { path: "/performanceReport", key: "performance", run: performanceReport, figures: ["revenue", "collected"] },
  { path: "/engineeringEquipment", key: "equipment", run: engineeringEquipment, figures: ["machines", "utilisation"] },
  { path: "/mileageReport", key: "mileage", run: mileageReport, figures: ["km", "perDay"] },
  { path: "/onlineReport", key: "online", run: onlineReport, figures: ["hours", "rate"] },
  { path: "/drivingBehaviorReport", key: "drivingBehaviour", run: drivingBehaviourReport, figures: ["events", "score"] },
];

export interface CentreCard {
  path: string;
  key: ReportKey;
  figures: { label: { zh: string; en: string }; text: string }[];
}

/**
 * /reportStat 报表统计, the report centre: for each report the user may open, its headline figures over the period,
 * read from the total row of its first table (the figures its page and file show: the same function, the same scope),
 * each card linking to the report with the period. Reports run side by side.
 */
export async function reportCentre(scope: RequestScope, range: ReportRange, lang: string): Promise<CentreCard[]> {
  const open = ENTRIES.filter((e) => hasScreen(scope.access, e.path));
  const data = await Promise.all(open.map((e) => e.run(scope, range, lang)));
  return open.map((e, i) => {
    const table = data[i]!.tables[0]!;
    return {
      path: e.path,
      key: e.key,
      figures: e.figures.map((k) => {
        const column = table.columns.find((c) => c.key === k)!;
        return { label: column.label, text: cellText(column.kind, table.total?.[k]) };
      }),
    };
  });
}
