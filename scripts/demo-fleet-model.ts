// What the seeded demo fleet (db/seed/telematics.ts: DRK0000001…DRK0000030) does after `npm start`: live, who
// drives where so that the first minute already shows movement, a fence crossing, an overspeed and a fault; and the
// few days of history it "had" before, generated point by point with the simulator's model. Pure, so it is
// unit-tested (scripts/demo-fleet-model.test.ts) and its history is the same on every run (the hub ignores a point it
// already holds).
import { bearing, createRoute, metresBetween, PLACES, seeded, stepVehicle, type Habits, type SimVehicle } from "./simulator-model";

/** vehicles in db/seed/telematics.ts; the first FENCED are bound to the fence round the mixing plant (800 m) */
export const DEMO_FLEET_SIZE = 30;
export const DEMO_FENCED = 10;
export const PLANT_FENCE_M = 800;
/** the last few stay silent live (in the workshop), so the monitor's counts show offline vehicles too */
export const DEMO_SILENT = 3;

/** Live: an overspeed or a fault now and then per vehicle, not every few minutes across the fleet. */
const LIVE_HABITS: Partial<Habits> = { overspeedEvery: 3600, faultEvery: 6 * 3600 };
/** History: work at a site for 20 minutes to 2 hours, mostly with the engine off. */
const HISTORY_HABITS: Partial<Habits> = { dwellMin: 20 * 60, dwellSpan: 100 * 60, idleShare: 0.1, overspeedEvery: 6 * 3600, faultEvery: 48 * 3600 };

export const terminalNoOf = (index: number) => `DRK${String(index + 1).padStart(7, "0")}`;

/** The route of vehicle `index`; a fenced vehicle's loop always passes through the mixing plant itself. */
function routeOf(index: number, seed: number): SimVehicle {
  const v = createRoute(index, seed);
  if (index < DEMO_FENCED) {
    const plant: [number, number] = [PLACES.plant[0], PLACES.plant[1]];
    const far = v.route.findIndex((p) => metresBetween(p, plant) < 3000);
    if (far > 0) v.route[far] = plant;
    else v.route.splice(1, 0, plant);
  }
  return v;
}

/** Puts the vehicle on the leg that ends at waypoint `to`, `before` metres short of it, already at cruising speed. */
function placeBefore(v: SimVehicle, to: number, before: number) {
  v.leg = (to - 1 + v.route.length) % v.route.length;
  const length = metresBetween(v.route[v.leg]!, v.route[to]!);
  v.along = Math.max(0, length - before);
  v.dwell = 0;
  v.speed = v.cruise;
  v.heading = Math.round(bearing(v.route[v.leg]!, v.route[to]!));
}

/**
 * Vehicle `index` as the live driver starts it. Most are under way at once; in the first minute two fenced vehicles
 * cross into the plant's fence and one leaves it, one is in an overspeed burst, one shows a fault code, and two stand
 * at a site with the engine idling.
 */
export function liveVehicle(index: number, seed = 1): SimVehicle {
  const v = routeOf(index, seed);
  v.habits = LIVE_HABITS;
  v.speed = v.dwell > 0 ? 0 : v.cruise;
  const plantAt = v.route.findIndex((p) => p[0] === PLACES.plant[0] && p[1] === PLACES.plant[1]);
  if (index < 2 && plantAt > 0) placeBefore(v, plantAt, PLANT_FENCE_M + 150 + index * 150);
  else if (index === 2 && plantAt >= 0) {
    // just leaving the plant: out of the fence within half a minute
    placeBefore(v, (plantAt + 1) % v.route.length, 0);
    v.leg = plantAt;
    v.along = PLANT_FENCE_M - 250;
  } else if (index === DEMO_FENCED) {
    v.dwell = 0;
    v.speed = 90;
    v.burst = 40;
  } else if (index === DEMO_FENCED + 1) v.fault = 60;
  else if (index === DEMO_FENCED + 2 || index === DEMO_FENCED + 3) {
    v.dwell = 15 * 60;
    v.idling = true;
    v.speed = 0;
  }
  return v;
}

/** The vehicles the live driver moves: all but the silent last few. */
export const liveIndexes = () => Array.from({ length: DEMO_FLEET_SIZE - DEMO_SILENT }, (_, i) => i);

export type DemoPoint = ReturnType<typeof stepVehicle>;

const NIGHT_STEP_S = 300;
const PARKED_STEP_S = 120;
const MOVING_STEP_S = 30;

/** What a vehicle's next day starts with: its odometer and fuel level as the day before ended. */
export interface Carry {
  mileage: number;
  fuel: number;
}

/**
 * Vehicle `index`'s points of one day [start, end) (start: the day's midnight in the tenant's zone), cut at `until`.
 * It sleeps at the yard (a point every 5 minutes, engine off) until about 06:00–08:00, then drives its loop with long
 * stops at the sites (a point every 30 s under way or idling, every 2 minutes standing), and goes home to the yard
 * after about 17:30–19:30. The odometer and fuel go on from `carry` (the day before's last point), so neither jumps
 * overnight. The same arguments give the same points (times on whole seconds).
 */
export function historyDay(index: number, start: number, end: number, until = end, carry?: Carry): DemoPoint[] {
  const day = Math.floor(start / 86_400_000);
  const rand = seeded(day * 7919 + index);
  const v = routeOf(index, day);
  v.habits = HISTORY_HABITS;
  // the day starts at the yard
  v.leg = 0;
  v.along = 0;
  v.speed = 0;
  v.burst = 0;
  v.fault = 0;
  v.idling = false;
  if (carry) {
    v.mileage = carry.mileage;
    v.fuel = carry.fuel;
  }
  const leaveAt = start + (6 + rand() * 2) * 3600_000;
  const homeAfter = start + (17.5 + rand() * 2) * 3600_000;
  const points: DemoPoint[] = [];
  let t = start + Math.floor(rand() * 60) * 1000;
  let home = false;
  while (t < Math.min(end, until)) {
    const asleep = t < leaveAt || home;
    const dt = asleep ? NIGHT_STEP_S : v.dwell > 0 && !v.idling ? PARKED_STEP_S : MOVING_STEP_S;
    if (asleep) {
      // standing this step (the model counts the stop down to nothing within it), engine off
      v.dwell = 1;
      v.idling = false;
    }
    const legBefore = v.leg;
    points.push(stepVehicle(v, t, dt));
    // back at the yard in the evening: parked for the night
    if (!home && t > homeAfter && v.leg === 0 && legBefore !== 0) home = true;
    t += dt * 1000;
  }
  return points;
}

/** QTZ125's rated load moment, tonne-metres: the demo towers' moment % is load × radius against it */
const TOWER_RATED_TM = 125;
/** a lift cycle: the hook goes out empty, lifts, slews and sets down, comes back */
const LIFT_CYCLE_S = 150;

/**
 * A demo tower's monitor reading at `now` (v1 point fields without seq): standing at its place on the site, power on
 * during the working day (07:00–18:00 in Shanghai), a lift cycle every 150 s with a load of 1.5–6 t taken out to
 * 15–38 m (at most 95 % of the rated moment), the slew turning with it, and a breeze of 3–9 m/s. Pure.
 */
export function towerPoint(index: number, site: { lng: number; lat: number }, now: number) {
  const hour = (new Date(now).getUTCHours() + 8) % 24;
  const working = hour >= 7 && hour < 18;
  const s = Math.floor(now / 1000) + index * 37;
  const cycle = Math.floor(s / LIFT_CYCLE_S);
  const phase = (s % LIFT_CYCLE_S) / LIFT_CYCLE_S;
  const loaded = working && phase >= 0.15 && phase < 0.6;
  const targetLoad = 1.5 + ((cycle * 7 + index * 3) % 10) * 0.45;
  const outRadius = 15 + ((cycle * 5 + index) % 24);
  const radius = loaded ? 15 + (outRadius - 15) * Math.min(1, (phase - 0.15) / 0.3) : 15;
  // never past 95 % of the rated moment: the load comes in closer when it is heavy
  const load = loaded ? Math.min(targetLoad, (0.95 * TOWER_RATED_TM) / radius) : 0;
  const wind = 6 + 3 * Math.sin(now / 600_000 + index);
  const round1 = (n: number) => Math.round(n * 10) / 10;
  return {
    t: now,
    lng: site.lng + index * 0.0006,
    lat: site.lat + (index % 2) * 0.0004,
    speed: 0,
    status: { acc: working },
    can: { craneLoad: round1(load), craneMoment: round1(((load * radius) / TOWER_RATED_TM) * 100), craneRadius: round1(radius), craneHeight: round1(42 + index * 3), craneSlew: Math.round((cycle * 47 + phase * 120 + index * 90) % 360), windSpeed: round1(wind) },
  };
}

/**
 * A demo wind-farm crane's reading at `now` (v1 point fields without seq): standing at its turbine position, power on
 * during the working day, its load-moment indicator's load and radius through a slow lift cycle, and the anemometer at
 * the boom's head: a breeze of 5–9 m/s with gusts that cross the cranes' limits (9–12 m/s) for a few minutes each
 * hour, higher on the taller booms. Pure.
 */
export function windCranePoint(index: number, site: { lng: number; lat: number }, now: number) {
  const hour = (new Date(now).getUTCHours() + 8) % 24;
  const working = hour >= 7 && hour < 18;
  const s = Math.floor(now / 1000) + index * 53;
  const phase = (s % 600) / 600;
  const loaded = working && index !== 2 && phase >= 0.2 && phase < 0.7;
  // a gust: the first six minutes of each hour climb to 3.5–5 m/s above the breeze
  const minute = Math.floor(now / 60_000) % 60;
  const gust = minute < 6 ? (3.5 + index * 0.75) * Math.sin((Math.PI * (minute + 0.5)) / 6) : 0;
  const wind = 7 + 2 * Math.sin(now / 900_000 + index) + gust;
  const round1 = (n: number) => Math.round(n * 10) / 10;
  return {
    t: now,
    lng: site.lng + index * 0.0045,
    lat: site.lat + (index % 2) * 0.0021,
    speed: 0,
    status: { acc: working },
    can: { craneLoad: loaded ? round1(60 + index * 25) : 0, craneRadius: loaded ? round1(22 + index * 4) : 14, craneHeight: round1(loaded ? 118 : 30), windSpeed: round1(wind) },
  };
}
