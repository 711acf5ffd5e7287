import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { REPORTS } from "~/modules/reports/texts/reports";
import { buttonClass } from "~/ui/button";
import { QUICK_RANGES, type ReportRange } from "./quick-range";
import { boxClass } from "~/ui/input";
import { FilterBar, FilterField } from "~/ui/filter-bar";

const input = `${boxClass} h-9 px-3`;
export const chipClass = (active: boolean) =>
  `inline-flex h-[28px] items-center rounded-full border px-3 text-xs whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${
    active ? "border-brand bg-brand text-white" : "border-line bg-panel text-ink hover:border-brand hover:text-brand"
  }`;

/** The URL of a report with some parameters set (the others kept). */
export const reportHref = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params).toString()}`;

/**
 * The reports' period (spec §9's report quick ranges): each quick range a link (so it works without JavaScript and
 * lands in the history), the chosen one marked `aria-current`; or two days typed and 查询. `keep` carries the
 * report's other parameters (the grouping) across both.
 */
export function RangePicker({ path, range, keep = {} }: { path: string; range: ReportRange; keep?: Record<string, string> }) {
  const { t } = useTranslation(REPORTS);
  return (
    <div className="mb-3 rounded-lg border border-line bg-panel p-3">
      <nav aria-label={t("range.quick")} className="mb-2 flex flex-wrap gap-2" data-testid="quick-ranges">
        {QUICK_RANGES.map((key) => (
          <Link key={key} to={reportHref(path, { ...keep, range: key })} aria-current={range.range === key ? "true" : undefined} className={chipClass(range.range === key)}>
            {t(`range.keys.${key}`)}
          </Link>
        ))}
      </nav>
      <FilterBar key={`${range.from}|${range.to}`} action={path} label={t("range.label")}>
        {Object.entries(keep).map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <FilterField label={t("range.from")}>
          <input type="date" name="from" required defaultValue={range.from} className={input} />
        </FilterField>
        <FilterField label={t("range.to")}>
          <input type="date" name="to" required defaultValue={range.to} className={input} />
        </FilterField>
        <button type="submit" className={buttonClass({ variant: "primary" })}>
          {t("range.apply")}
        </button>
      </FilterBar>
    </div>
  );
}
