import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleLinear } from "@visx/scale";
import { AreaClosed, Bar, Line, LinePath } from "@visx/shape";
import { useEffect, useMemo, useRef, useState } from "react";
import { formatLocalTime, type Stop, type TrackPoint } from "./track";
import { useTimeZone } from "~/lib/use-time-zone";

interface Props {
  points: TrackPoint[];
  stops: Stop[];
  alarms: { at: number }[];
  time: number;
  onSeek: (t: number) => void;
  label: string;
}

const HEIGHT = 180;
const M = { top: 10, right: 12, bottom: 24, left: 36 };

/** Speed over time (visx) with the stops shaded, alarm ticks and the playback cursor; a click seeks. */
export function SpeedChart({ points, stops, alarms, time, onSeek, label }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const timeZone = useTimeZone();
  const [width, setWidth] = useState(360);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const ro = new ResizeObserver(([e]) => e && setWidth(Math.max(160, Math.floor(e.contentRect.width))));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const innerW = width - M.left - M.right;
  const innerH = HEIGHT - M.top - M.bottom;
  const start = points[0]?.t ?? 0;
  const end = points.at(-1)?.t ?? 1;
  const x = useMemo(() => scaleLinear<number>({ domain: [start, Math.max(end, start + 1)], range: [0, innerW] }), [start, end, innerW]);
  const maxSpeed = useMemo(() => points.reduce((m, p) => Math.max(m, p.speed), 0), [points]);
  const y = useMemo(() => scaleLinear<number>({ domain: [0, Math.max(10, Math.ceil((maxSpeed * 1.1) / 10) * 10)], range: [innerH, 0], nice: true }), [maxSpeed, innerH]);
  // one point per horizontal pixel pair is all the eye sees
  const drawn = useMemo(() => {
    const step = Math.max(1, Math.floor(points.length / Math.max(1, innerW / 1.5)));
    if (step === 1) return points;
    const out: TrackPoint[] = [];
    for (let i = 0; i < points.length; i += step) {
      // the fastest of each bucket, so peaks survive
      let best = points[i]!;
      for (let j = i + 1; j < Math.min(points.length, i + step); j++) if (points[j]!.speed > best.speed) best = points[j]!;
      out.push(best);
    }
    return out;
  }, [points, innerW]);
  const seek = (clientX: number, target: SVGElement) => {
    const rect = target.getBoundingClientRect();
    const px = clientX - rect.left - M.left;
    onSeek(Math.round(Math.max(start, Math.min(end, x.invert(px)))));
  };
  const tick = (v: unknown) => formatLocalTime(Number(v), false, timeZone).slice(11, 16);
  const cursor = x(Math.max(start, Math.min(end, time)));
  return (
    <div ref={box} className="w-full" data-testid="speed-chart">
      <svg width={width} height={HEIGHT} role="img" aria-label={label} className="block cursor-crosshair select-none" onClick={(e) => seek(e.clientX, e.currentTarget)}>
        <Group left={M.left} top={M.top}>
          {stops.map((s) => (
            <Bar key={s.start} x={x(s.start)} y={0} width={Math.max(1, x(s.end) - x(s.start))} height={innerH} className="fill-amber-400/25" />
          ))}
          <AreaClosed data={drawn} x={(p) => x(p.t)} y={(p) => y(p.speed)} yScale={y} className="fill-brand/15" />
          <LinePath data={drawn} x={(p) => x(p.t)} y={(p) => y(p.speed)} className="stroke-brand" strokeWidth={1.5} fill="none" />
          {alarms.map((a, i) => (
            <Line key={i} from={{ x: x(a.at), y: innerH }} to={{ x: x(a.at), y: innerH - 8 }} className="stroke-danger" strokeWidth={2} />
          ))}
          <Line from={{ x: cursor, y: 0 }} to={{ x: cursor, y: innerH }} className="stroke-ink" strokeWidth={1.5} strokeDasharray="3 2" data-testid="chart-cursor" />
          <AxisLeft scale={y} numTicks={4} tickClassName="fill-muted" stroke="currentColor" tickStroke="currentColor" tickLabelProps={{ className: "fill-muted text-[10px]", fill: undefined }} axisClassName="text-line" />
          <AxisBottom top={innerH} scale={x} numTicks={Math.max(2, Math.floor(innerW / 70))} tickFormat={tick} stroke="currentColor" tickStroke="currentColor" tickLabelProps={{ className: "fill-muted text-[10px]", fill: undefined }} axisClassName="text-line" />
        </Group>
      </svg>
    </div>
  );
}
