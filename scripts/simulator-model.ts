// The simulator's vehicles: deterministic routes around Shanghai between a yard, building sites and a mixing
// plant, with driving, stops (engine idling or off), overspeed bursts, refuels at the yard and occasional faults.
// Pure: no I/O, so it is unit-tested and reused by the benchmarks.

export interface SimVehicle {
  route: [number, number][];
  leg: number;
  /** metres along the current leg */
  along: number;
  speed: number;
  cruise: number;
  /** seconds left standing at a waypoint */
  dwell: number;
  idling: boolean;
  heading: number;
  mileage: number;
  fuel: number;
  burst: number;
  fault: number;
  rand: () => number;
  /** how the vehicle behaves (createRoute's defaults: short stops, an overspeed every ~10 and a fault every ~30 minutes) */
  habits?: Partial<Habits>;
}

/** The pace of a vehicle's events; every figure is in seconds except idleShare (the share of stops with the engine on). */
export interface Habits {
  dwellMin: number;
  dwellSpan: number;
  idleShare: number;
  overspeedEvery: number;
  faultEvery: number;
}

export const DEFAULT_HABITS: Habits = { dwellMin: 30, dwellSpan: 150, idleShare: 0.5, overspeedEvery: 600, faultEvery: 1800 };

/** Places on the demo map: the yard, three sites, the mixing plant (inside the demo fence). */
export const PLACES = {
  yard: [121.4, 31.2],
  siteA: [121.55, 31.25],
  siteB: [121.48, 31.12],
  siteC: [121.3, 31.16],
  plant: [121.35, 31.3],
} as const satisfies Record<string, [number, number]>;

/** mulberry32: a small seeded generator, so a run can be repeated. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const EARTH = 6_371_000;
const rad = (d: number) => (d * Math.PI) / 180;

export function metresBetween(a: readonly [number, number], b: readonly [number, number]): number {
  const dLat = rad(b[1] - a[1]);
  const dLng = rad(b[0] - a[0]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[1])) * Math.cos(rad(b[1])) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH * Math.asin(Math.sqrt(h));
}

export function bearing(a: readonly [number, number], b: readonly [number, number]): number {
  const y = Math.sin(rad(b[0] - a[0])) * Math.cos(rad(b[1]));
  const x = Math.cos(rad(a[1])) * Math.sin(rad(b[1])) - Math.sin(rad(a[1])) * Math.cos(rad(b[1])) * Math.cos(rad(b[0] - a[0]));
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

/** Vehicle i's loop: yard → two or three places → yard, each waypoint jittered by up to ~1 km. */
export function createRoute(i: number, seed = 1): SimVehicle {
  const rand = seeded(seed * 100_003 + i);
  const jitter = ([lng, lat]: readonly [number, number]): [number, number] => [lng + (rand() - 0.5) * 0.02, lat + (rand() - 0.5) * 0.02];
  const stops = [PLACES.siteA, PLACES.siteB, PLACES.siteC, PLACES.plant].filter(() => rand() < 0.7);
  if (stops.length === 0) stops.push(PLACES.plant);
  const route = [jitter(PLACES.yard), ...stops.map(jitter)];
  const start = Math.floor(rand() * route.length);
  return {
    route,
    leg: start,
    along: rand() * 2000,
    speed: 0,
    cruise: 35 + rand() * 30,
    dwell: rand() < 0.3 ? rand() * 60 : 0,
    idling: rand() < 0.5,
    heading: 0,
    mileage: 10_000 + Math.floor(rand() * 90_000),
    fuel: 40 + rand() * 50,
    burst: 0,
    fault: 0,
    rand,
  };
}

/** Advances a vehicle by dt seconds and returns the telemetry point a terminal would send at `now`. */
export function stepVehicle(v: SimVehicle, now: number, dt: number) {
  const habits = v.habits ? { ...DEFAULT_HABITS, ...v.habits } : DEFAULT_HABITS;
  const from = v.route[v.leg % v.route.length]!;
  const to = v.route[(v.leg + 1) % v.route.length]!;
  const length = metresBetween(from, to);
  if (v.dwell > 0) {
    v.dwell = Math.max(0, v.dwell - dt);
    v.speed = 0;
  } else {
    if (v.burst <= 0 && v.rand() < dt / habits.overspeedEvery) v.burst = 20 + v.rand() * 20; // an overspeed burst now and then
    const target = v.burst > 0 ? 95 + v.rand() * 15 : v.cruise * (0.85 + v.rand() * 0.3);
    v.burst = Math.max(0, v.burst - dt);
    // up to 10 km/h faster or 15 slower a second (a step of dt > 1 s, as a sparse history samples, may change more)
    v.speed += Math.max(-15 * Math.max(1, dt), Math.min(10 * Math.max(1, dt), target - v.speed)) * Math.min(1, dt);
    const step = (v.speed / 3.6) * dt;
    v.along += step;
    v.mileage += step / 1000;
    v.fuel = Math.max(3, v.fuel - (step / 1000) * 0.35 * (100 / 400));
    if (v.along >= length) {
      v.leg = (v.leg + 1) % v.route.length;
      v.along = 0;
      v.speed = 0;
      v.dwell = habits.dwellMin + v.rand() * habits.dwellSpan;
      v.idling = v.rand() < habits.idleShare;
      if (v.leg === 0 && v.fuel < 60) v.fuel = Math.min(100, v.fuel + 40); // refuel at the yard
    }
  }
  const a = v.route[v.leg % v.route.length]!;
  const b = v.route[(v.leg + 1) % v.route.length]!;
  const legLength = metresBetween(a, b);
  const f = legLength > 0 ? Math.min(1, v.along / legLength) : 0;
  const lng = a[0] + (b[0] - a[0]) * f;
  const lat = a[1] + (b[1] - a[1]) * f;
  if (v.speed > 0.5) v.heading = Math.round(bearing(a, b));
  if (v.fault <= 0 && v.rand() < dt / habits.faultEvery) v.fault = 60; // a fault code shows for a minute now and then
  v.fault = Math.max(0, v.fault - dt);
  const moving = v.speed >= 1;
  const engineOn = moving || v.idling;
  return {
    t: now,
    lng: Math.round(lng * 1e6) / 1e6,
    lat: Math.round(lat * 1e6) / 1e6,
    speed: Math.round(v.speed * 10) / 10,
    heading: v.heading,
    mileage: Math.round(v.mileage * 100) / 100,
    fuel: Math.round(v.fuel * 10) / 10,
    rpm: engineOn ? Math.round(moving ? 1100 + v.speed * 12 : 650 + v.rand() * 50) : 0,
    torque: engineOn ? Math.round(moving ? 30 + v.rand() * 40 : 8) : 0,
    urea: 60,
    exhaustTemp: engineOn ? Math.round(moving ? 300 + v.speed : 180) : 40,
    battery: engineOn ? 27.8 : 25.1,
    status: { acc: engineOn, lock: 0 as const },
    faults: v.fault > 0 ? [{ spn: 110, fmi: 0, count: 1 }] : [],
  };
}
