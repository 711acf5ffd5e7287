import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";

const WIDTH = 600;
const HEIGHT = 120;
const M = { top: 8, right: 8, bottom: 22, left: 32 };

/**
 * A line's engine hours per day (visx bars) above its evidence table: the shape of the month at a glance (idle runs,
 * long days). Fixed 600×120 px and drawn by the server too (no measuring), so it shows without JavaScript; the table
 * under it carries the figures, the chart is named for screen readers as one image.
 */
export function HoursChart({ days, label }: { days: { day: string; engineHours: number }[]; label: string }) {
  const innerW = WIDTH - M.left - M.right;
  const innerH = HEIGHT - M.top - M.bottom;
  const x = scaleBand<string>({ domain: days.map((d) => d.day), range: [0, innerW], padding: 0.2 });
  const max = days.reduce((m, d) => Math.max(m, d.engineHours), 0);
  const y = scaleLinear<number>({ domain: [0, Math.max(4, Math.ceil(max))], range: [innerH, 0], nice: true });
  // a label every few days, so 31 days stay readable at 600 px
  const every = Math.max(1, Math.ceil(days.length / 10));
  const ticks = days.filter((_, i) => i % every === 0).map((d) => d.day);
  return (
    <svg width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} className="block max-w-full text-line" data-testid="hours-chart">
      <Group left={M.left} top={M.top}>
        {days.map((d) => {
          const top = y(d.engineHours);
          return (
            <Bar key={d.day} x={x(d.day) ?? 0} y={top} width={x.bandwidth()} height={Math.max(0, innerH - top)} className="fill-brand">
              <title>{`${d.day}: ${d.engineHours.toFixed(1)}`}</title>
            </Bar>
          );
        })}
        <AxisLeft scale={y} numTicks={3} tickLength={4} stroke="currentColor" tickStroke="currentColor" tickLabelProps={{ className: "fill-muted text-[10px]", fill: undefined }} />
        <AxisBottom
          top={innerH}
          scale={x}
          tickValues={ticks}
          tickFormat={(d) => String(d).slice(5)}
          tickLength={4}
          stroke="currentColor"
          tickStroke="currentColor"
          tickLabelProps={{ className: "fill-muted text-[10px]", fill: undefined }}
        />
      </Group>
    </svg>
  );
}
