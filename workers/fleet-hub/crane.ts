/**
 * Tower cranes' safety monitors (塔机黑匣子) report through the terminal API's `can` object under these keys
 * (docs/terminal-api.md, "Tower cranes"): load in tonnes, load moment as % of the rated moment at that radius, radius
 * and hook height in metres, slew angle in degrees, wind speed at the jib in m/s. The hub keeps the last values as a
 * vehicle's `crane` (the tower screen), raises overload and wind alarms (rules.ts) and counts lifts per day (a lift
 * begins when the load rises to LIFT_START_T). Pure.
 */

export interface CraneLive {
  load: number | null;
  moment: number | null;
  radius: number | null;
  height: number | null;
  slew: number | null;
  wind: number | null;
}

export const CRANE_KEYS: Readonly<Record<keyof CraneLive, string>> = { load: "craneLoad", moment: "craneMoment", radius: "craneRadius", height: "craneHeight", slew: "craneSlew", wind: "windSpeed" };

/** What a value may be; one outside is a sensor's error and is not kept. */
const RANGE: Readonly<Record<keyof CraneLive, [number, number]>> = { load: [0, 500], moment: [0, 300], radius: [0, 150], height: [-50, 500], slew: [-360, 720], wind: [0, 80] };

/** a load at or above this (tonnes) is a load on the hook: rising to it from below begins a lift */
export const LIFT_START_T = 0.2;

/** The crane's values a point carries, or null when it carries none (not a tower crane's monitor). */
export function craneOf(can: Readonly<Record<string, number>>): CraneLive | null {
  let any = false;
  const out: CraneLive = { load: null, moment: null, radius: null, height: null, slew: null, wind: null };
  for (const k of Object.keys(CRANE_KEYS) as (keyof CraneLive)[]) {
    const v = can[CRANE_KEYS[k]];
    if (typeof v !== "number" || !Number.isFinite(v) || v < RANGE[k][0] || v > RANGE[k][1]) continue;
    out[k] = k === "slew" ? (((v % 360) + 360) % 360) : v;
    any = true;
  }
  return any ? out : null;
}
