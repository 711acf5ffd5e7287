import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";

const W = 420;
const H = 260;
const M = { top: 26, right: 4, bottom: 30, left: 4 };

/**
 * Bars for a wall: one series, a value over each bar and the category under it, drawn in a fixed viewBox that
 * scales with its panel (the three wall sizes). Theme colours (brand, muted), so light and dark both draw it. The
 * figures are also the SVG's text, and each bar's title names its category and value.
 */
export function WallBars({ categories, values, format, label, testId }: { categories: string[]; values: number[]; format: (v: number) => string; label: string; testId?: string }) {
  const innerW = W - M.left - M.right;
  const innerH = H - M.top - M.bottom;
  const x = scaleBand<number>({ domain: categories.map((_, i) => i), range: [0, innerW], padding: 0.3 });
  const max = Math.max(0, ...values);
  const y = scaleLinear<number>({ domain: [0, max > 0 ? max : 1], range: [innerH, 0] });
  return (
    <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} className="block h-full w-full" preserveAspectRatio="xMidYMid meet" data-testid={testId}>
      <Group left={M.left} top={M.top}>
        {categories.map((c, i) => {
          const v = values[i] ?? 0;
          const top = y(v);
          const cx = (x(i) ?? 0) + x.bandwidth() / 2;
          return (
            <g key={i}>
              <Bar x={x(i) ?? 0} y={top} width={x.bandwidth()} height={Math.max(0, innerH - top)} className="fill-brand">
                <title>{`${c}: ${format(v)}`}</title>
              </Bar>
              <text x={cx} y={top - 6} textAnchor="middle" className="fill-ink text-[18px] tabular-nums">
                {format(v)}
              </text>
              <text x={cx} y={innerH + 22} textAnchor="middle" className="fill-muted text-[16px]">
                {c}
              </text>
            </g>
          );
        })}
      </Group>
    </svg>
  );
}
