/**
 * A JT808 location as a point of the Worker's terminal API (docs/terminal-api.md, the v1 point): the gateway forwards
 * what the Worker already knows how to check and store, so a JT808 terminal's point is judged by the same rules as
 * every other terminal's.
 */
import { alarmFlags, statusBits, type Location } from "./jt808";

/** The v1 point the Worker's gateway batch takes (the Worker checks every field again). */
export interface V1Point {
  t: number;
  lng: number;
  lat: number;
  speed: number;
  heading: number;
  alt: number;
  mileage?: number;
  battery?: number;
  status: Record<string, boolean | number>;
  alarms: string[];
  faults: { spn: number; fmi: number; count: number }[];
  can: Record<string, number>;
}

const finite = (n: number | undefined): n is number => typeof n === "number" && Number.isFinite(n);

/**
 * The point of a location report. The fuel item of JT808 is litres, not the v1 `fuel` (% of the tank): it rides in
 * `can.fuelL`; the tachograph's speed, signal, satellites, IO and analogue values and the vendor's numeric items ride
 * in `can` too (at most 64 values, the Worker's limit), so nothing a terminal says is lost on the way.
 */
export function pointOf(location: Location): V1Point {
  const x = location.extras;
  const bits = statusBits(location.status);
  const can: Record<string, number> = {};
  const put = (key: string, value: number | undefined) => {
    if (finite(value) && Object.keys(can).length < 64) can[key] = value;
  };
  put("fuelL", x.fuelL);
  put("tachoSpeed", x.tachoSpeedKmh);
  put("signal", x.signal);
  put("satellites", x.satellites);
  put("io", x.io);
  put("analog0", x.analog?.[0]);
  put("analog1", x.analog?.[1]);
  put("extStatus", x.extStatus);
  put("powerV", x.powerV);
  for (const [key, value] of Object.entries(x.vendor)) put(`x${key}`, value);
  const point: V1Point = {
    t: location.time,
    lng: location.lng,
    lat: location.lat,
    speed: Math.min(400, Math.max(0, location.speed)),
    heading: Math.min(360, Math.max(0, location.heading)),
    alt: location.altitude,
    status: { acc: bits.acc, located: bits.located, oil_cut: bits.oilCut, circuit_cut: bits.circuitCut, doors_locked: bits.doorsLocked },
    alarms: alarmFlags(location.alarm).slice(0, 32),
    faults: (x.dtcs ?? []).slice(0, 64).map((d) => ({ spn: d.spn, fmi: d.fmi, count: d.count })),
    can,
  };
  if (finite(x.mileageKm)) point.mileage = x.mileageKm;
  if (finite(x.batteryV)) point.battery = x.batteryV;
  return point;
}
