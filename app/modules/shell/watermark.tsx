import { useEffect, useState } from "react";
import { WATERMARK } from "~/lib/layout-math";
import { stampInZone } from "~/lib/tenant-clock";
import { useTimeZone } from "~/lib/use-time-zone";

/** Spec §9 watermark: 3 × 4 cells of 210 × 80, offset 50/50, 20°, opacity 0.3, 15 px, #aaa; name, login name, time. */
export function Watermark({ userName, loginAccount }: { userName: string; loginAccount: string }) {
  const [now, setNow] = useState<string | null>(null);
  const timeZone = useTimeZone();
  useEffect(() => {
    // the tenant's wall clock, like every other time on the screens
    const stamp = () => stampInZone(Date.now(), timeZone, false);
    setNow(stamp());
    const timer = setInterval(() => setNow(stamp()), 60_000);
    return () => clearInterval(timer);
  }, [timeZone]);
  const { rows, columns, width, height, offset, angle, opacity, fontSize, color } = WATERMARK;
  return (
    <div aria-hidden="true" data-testid="watermark" className="pointer-events-none fixed inset-0 z-40 select-none overflow-hidden">
      {Array.from({ length: rows * columns }, (_, i) => {
        const row = Math.floor(i / columns);
        const col = i % columns;
        return (
          <div
            key={i}
            style={{
              position: "absolute",
              left: `calc(${offset}px + ${col} * (100vw - ${offset * 2}px) / ${columns})`,
              top: `calc(${offset}px + ${row} * (100vh - ${offset * 2}px) / ${rows})`,
              width,
              height,
              transform: `rotate(-${angle}deg)`,
              opacity,
              fontSize,
              color,
              lineHeight: 1.5,
              whiteSpace: "nowrap",
            }}
          >
            <div>
              {userName} {loginAccount}
            </div>
            <div>{now ?? ""}</div>
          </div>
        );
      })}
    </div>
  );
}
