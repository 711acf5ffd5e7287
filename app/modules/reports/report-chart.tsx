import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { chartValue, labelIn, type ReportChart as Chart } from "./report-types";

const WIDTH = 720;
const HEIGHT = 220;
const M = { top: 12, right: 12, bottom: 40, left: 84 };
// the second series in the warning colour, a third and fourth (状态报表) in success and muted: theme variables, so they follow light and dark
const FILLS = ["fill-brand", "fill-warning", "fill-success", "fill-muted"];
const SWATCH = ["bg-brand", "bg-warning", "bg-success", "bg-muted"];

/**
 * A category name on the axis: whole when it fits the room it has (`room` px: its band and the gaps beside it, times
 * the categories skipped, at the ticks' 10 px: a Chinese character about 10 px, another about 5.5), else its first 7
 * characters; the full name is the bar's title. Six online classes or driving items keep their words.
 */
function short(s: string, room: number): string {
  let width = 0;
  for (const c of s) width += c.charCodeAt(0) > 0x2e80 ? 10 : 5.5;
  return width <= room || s.length <= 8 ? s : `${s.slice(0, 7)}…`;
}

/**
 * A report's bars (one or two series side by side per category), fixed 720×220 px and drawn by the server too, so it
 * shows without JavaScript. Named for screen readers as one image (the title and range); the table below carries the
 * figures. Colours are the theme's variables (brand, warning, muted, line), so both themes draw it.
 */
export function ReportChart({ chart, lang, label, emptyText }: { chart: Chart; lang: string; label: string; emptyText: string }) {
  const innerW = WIDTH - M.left - M.right;
  const innerH = HEIGHT - M.top - M.bottom;
  const x = scaleBand<string>({ domain: chart.categories.map((c, i) => `${i}`), range: [0, innerW], padding: 0.25 });
  const inner = scaleBand<number>({ domain: chart.series.map((_, i) => i), range: [0, x.bandwidth()], padding: 0.1 });
  const all = chart.series.flatMap((s) => s.values);
  const max = Math.max(0, ...all);
  const min = Math.min(0, ...all);
  const kind = chart.series[0]?.kind ?? "money";
  const y = scaleLinear<number>({ domain: [min, max > 0 ? max : kind === "money" ? 100_00 : 10], range: [innerH, 0], nice: true });
  const empty = chart.categories.length === 0 || all.every((v) => v === 0);
  const every = Math.max(1, Math.ceil(chart.categories.length / 12));
  return (
    <figure className="mb-4 rounded-lg border border-line bg-panel p-3" data-testid="report-chart">
      <figcaption className="mb-1 flex flex-wrap items-center gap-4 text-sm text-ink">
        <span className="font-medium">{labelIn(chart.title, lang)}</span>
        {chart.series.map((s, i) => (
          <span key={i} className="inline-flex items-center gap-1 text-xs text-muted">
            <span aria-hidden className={`inline-block h-[10px] w-[10px] rounded-sm ${SWATCH[i % SWATCH.length]}`} />
            {labelIn(s.label, lang)}
          </span>
        ))}
      </figcaption>
      {empty ? (
        <p className="py-6 text-center text-sm text-muted">{emptyText}</p>
      ) : (
        <svg width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} className="block h-auto max-w-full text-line">
          <Group left={M.left} top={M.top}>
            {chart.categories.map((c, ci) =>
              chart.series.map((s, si) => {
                const v = s.values[ci] ?? 0;
                const top = y(Math.max(0, v));
                const h = Math.abs(y(v) - y(0));
                return (
                  <Bar key={`${ci}-${si}`} x={(x(`${ci}`) ?? 0) + (inner(si) ?? 0)} y={top} width={inner.bandwidth()} height={Math.max(0, h)} className={FILLS[si % FILLS.length]}>
                    <title>{`${c} · ${labelIn(s.label, lang)}: ${chartValue(s.kind, v)}`}</title>
                  </Bar>
                );
              }),
            )}
            <AxisLeft
              scale={y}
              numTicks={4}
              tickFormat={(v) => chartValue(kind, Number(v))}
              tickLength={4}
              stroke="currentColor"
              tickStroke="currentColor"
              tickLabelProps={{ className: "fill-muted text-[10px]", fill: undefined }}
            />
            <AxisBottom
              top={y(0)}
              scale={x}
              tickValues={chart.categories.map((_, i) => `${i}`).filter((_, i) => i % every === 0)}
              tickFormat={(i) => short(chart.categories[Number(i)] ?? "", Math.max(48, x.step() * every - 4))}
              tickLength={4}
              stroke="currentColor"
              tickStroke="currentColor"
              tickLabelProps={{ className: "fill-muted text-[10px]", fill: undefined }}
            />
          </Group>
        </svg>
      )}
    </figure>
  );
}
