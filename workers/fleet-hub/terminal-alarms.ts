/**
 * The terminal's own alarm flags (a point's `alarms`, e.g. "sos", "power_cut"): a flag raises one `terminal` alarm
 * when it appears, not again on every later point that still carries it; once a point comes without it, it may
 * fire again. Pure, so the hub and the tests share it.
 */
import type { Point } from "../telematics/point";
import type { AlarmEvent } from "./protocol";

/** Level by flag (1 is the most urgent); flags not listed are level 2. */
export const TERMINAL_FLAG_LEVELS: Record<string, number> = { sos: 1, power_cut: 1, tamper: 2, low_battery: 3 };

/**
 * Alarms for the flags that appear in `points` (new, in time order) given the flags the vehicle's last point had;
 * returns them with the flags now set. The key makes a repeated batch write nothing twice.
 */
export function terminalAlarms(vehicle: { id: number; plate: string }, previous: readonly string[], points: readonly Point[]): { alarms: AlarmEvent[]; flags: string[] } {
  let flags = [...previous];
  const alarms: AlarmEvent[] = [];
  for (const p of points) {
    for (const flag of p.alarms) {
      if (flags.includes(flag)) continue;
      alarms.push({
        key: `${vehicle.id}:terminal:${flag}:${p.t}`,
        vehicleId: vehicle.id,
        plate: vehicle.plate,
        kind: "terminal",
        level: TERMINAL_FLAG_LEVELS[flag] ?? 2,
        at: p.t,
        lng: p.lng,
        lat: p.lat,
        speed: p.speed,
        refId: null,
        detail: { flag },
      });
    }
    flags = [...p.alarms];
  }
  return { alarms, flags };
}
