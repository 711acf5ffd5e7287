// The big screens' soak and live traffic for `npm run bench` (issue 41; docs/big-screens.md, "Soak").
//
// soakBench: /homeworkScreen open in Chromium for 25 simulated hours in a few real minutes. The page runs against the
// real server (its loader, revalidated each simulated minute); its /hub socket is answered by this script through
// Playwright's WebSocket routing, as in bench-fps.ts: 1,000 machines through a working day (DemoFleet), a map frame
// every simulated 4 s with moves, status changes and counts encoded as the hub encodes them for a wall
// (workers/fleet-hub/fanout.ts). The page's clock is Playwright's, paused and moved on 40 s at a time, so its timers
// fire as on a wall: pings and the silence limit, 'data as of', the online buckets' recount, the revalidation. Every 5
// simulated minutes the script drops the link, and the page must come back by itself and watch from the seq it last
// applied (every tenth answer is a snapshot, as from a restarted hub); once an hour the link stays down for 3 minutes
// and 'data as of' must turn amber. The first hour warms up; heap and DOM are taken then, each hour, and at the end,
// the same hour a day later. At the end: the map's vehicle source holds each machine once, where its last frame put
// it; the counts and online buckets shown are the frames'; the database's panels are a fresh render's; the page was
// never loaded again.
//
// wallTrafficBench: what the real hub sends a wall's socket (use-wall-live.ts's watch: map fields, 0.25 Hz) while
// 1,000 terminals post positions through the terminal API, in KB/s of frames as sent (no permessage-deflate:
// Cloudflare's edge does not offer it for a Worker's sockets, docs/fanout-latency.md).
import { spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { chromium, type CDPSession, type Page, type WebSocketRoute } from "@playwright/test";
import WebSocket from "ws";
import { DEFAULT_TIME_ZONE } from "../app/lib/tenant-clock";
import { onlineBucket, startOfTenantDay, type OnlineBucket } from "../app/modules/monitor/monitor";
import { adminCookie } from "./bench-sign-in";
import { POS_STRIDE, statusOf, type ClientMessage, type FleetCounts, type ServerMessage, type VehicleStatus } from "../workers/fleet-hub/protocol";
import { prepareDatabase, root, spawnMeasuredServer, waitForServer } from "./lib.mjs";
import { seeded } from "./simulator-model";

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** a wall's map frame (use-wall-live.ts: 0.25 Hz) */
const FRAME_MS = 4000;
/** the live-traffic figure's terminals post this often (more often than the wall's frame) */
const POST_EVERY_MS = 3000;
/** the page's clock moves on this much at a time: under the hub client's 45 s silence limit, and a few frames */
const STEP_MS = 10 * FRAME_MS;
/**
 * the warm-up: a working day's first eight hours. V8 keeps compiling the paths that run once a minute or once an hour
 * (the revalidation, the online recount, the reconnect) through the first hours; it levels off after them (+0.8 MB in
 * hours 1–8, +0.03 MB in hours 16–24 of the first runs), so the heap is judged from there
 */
const WARM_UP_MS = 8 * HOUR;
const DROP_EVERY_MS = 5 * MINUTE;
/** every so many drops the link stays down for OUTAGE_MS (once an hour) */
const OUTAGE_EVERY = 12;
const OUTAGE_MS = 3 * MINUTE;
/** every so many resumes the hub answers with a snapshot (it lost its seqs: a restart) */
const SNAPSHOT_EVERY = 10;
/** the hub's default offline threshold (workers/fleet-hub/config.ts) */
const OFFLINE_AFTER_MS = 5 * MINUTE;
const BUCKETS: OnlineBucket[] = ["minute", "today", "week", "over7", "never"];

interface Car {
  id: number;
  index: number;
  yard: [number, number];
  lng: number;
  lat: number;
  heading: number;
  speed: number;
  acc: boolean;
  /** last report (the hub's clock; null: never) */
  seen: number | null;
  status: VehicleStatus;
  /** the seq at which its position, and its status or acc, last changed (what a resume owes) */
  posSeq: number;
  fieldSeq: number;
  nextReport: number;
  /** the day's plan: out of the yard, back, a stay in the workshop (silent), and the phase it is in */
  planDay: number;
  leave: number;
  back: number;
  workshop: [number, number] | null;
  driving: boolean;
  phaseUntil: number;
  rand: () => number;
  /** what the page was last sent: where, when heard (the frame's time for a move, as unpackPositions reads it) */
  shown: { lng: number; lat: number; seen: number | null } | null;
}

/**
 * A day of a rental fleet (tenant day in UTC+8): parked at night (a report every 3 minutes), out between about 06:00–08:00
 * and 17:30–19:30, alternating driving (a report every frame) and standing at a site (every 2 minutes); about one
 * machine in thirty spends 2–6 hours in the workshop, silent (offline after 5 minutes).
 */
class DemoFleet {
  readonly cars: Car[];
  constructor(ids: number[], start: number) {
    this.cars = ids.map((id, index) => {
      const a = (index * 2.399963) % (2 * Math.PI);
      const r = 0.02 + 0.3 * Math.sqrt(index / ids.length);
      const yard: [number, number] = [121.47 + r * Math.cos(a), 31.23 + r * Math.sin(a) * 0.8];
      const rand = seeded(index + 1);
      // heard from in the last 3 minutes before the hub starts, each at its own moment
      const seen = start - Math.floor(rand() * 45) * FRAME_MS;
      return { id, index, yard, lng: yard[0], lat: yard[1], heading: Math.round((a * 180) / Math.PI) % 360, speed: 0, acc: false, seen, status: statusOf(seen, 0, start, OFFLINE_AFTER_MS), posSeq: 0, fieldSeq: 0, nextReport: seen + 3 * MINUTE, planDay: -1, leave: 0, back: 0, workshop: null, driving: false, phaseUntil: 0, rand, shown: null };
    });
  }

  private plan(car: Car, t: number) {
    const day = Math.floor((t + 8 * HOUR) / (24 * HOUR));
    if (car.planDay === day) return;
    const rand = seeded(day * 7919 + car.index);
    const start = day * 24 * HOUR - 8 * HOUR;
    car.planDay = day;
    car.leave = start + (6 + rand() * 2) * HOUR;
    car.back = start + (17.5 + rand() * 2) * HOUR;
    const from = start + rand() * 20 * HOUR;
    car.workshop = rand() < 1 / 30 ? [from, from + (2 + rand() * 4) * HOUR] : null;
  }

  /**
   * One frame at `t` (seq `seq`): who reported, who changed status or acc, and whether the counts changed. A car
   * reports at its own pace; status is the hub's rule (statusOf) at the frame's time.
   */
  advance(t: number, seq: number): { moved: Car[]; changed: Car[]; countsChanged: boolean } {
    const moved: Car[] = [];
    const changed: Car[] = [];
    let countsChanged = false;
    for (const car of this.cars) {
      this.plan(car, t);
      const silent = car.workshop !== null && t >= car.workshop[0] && t < car.workshop[1];
      const out = t >= car.leave && t < car.back;
      const speedBefore = car.speed;
      let acc = car.acc;
      if (!out) {
        car.speed = 0;
        car.driving = false;
        acc = false;
      } else {
        if (t >= car.phaseUntil) {
          car.driving = !car.driving;
          car.phaseUntil = t + (car.driving ? 20 + car.rand() * 40 : 30 + car.rand() * 60) * MINUTE;
          car.speed = car.driving ? Math.round(25 + car.rand() * 30) : 0;
          acc = car.driving || car.rand() < 0.3;
        }
        if (car.driving) {
          // a random walk that turns home when it is more than ~5 km from the yard
          const far = Math.hypot(car.lng - car.yard[0], car.lat - car.yard[1]) > 0.05;
          car.heading = far ? Math.round((Math.atan2(car.yard[0] - car.lng, car.yard[1] - car.lat) * 180) / Math.PI + 360) % 360 : (car.heading + Math.round(car.rand() * 30 - 15) + 360) % 360;
          const metres = (car.speed / 3.6) * (FRAME_MS / 1000);
          const h = (car.heading * Math.PI) / 180;
          car.lng += (Math.sin(h) * metres) / 95_000;
          car.lat += (Math.cos(h) * metres) / 111_000;
        }
      }
      if (acc !== car.acc) {
        car.acc = acc;
        car.fieldSeq = seq;
      }
      // a terminal reports at once when it starts or stops
      if (car.speed !== speedBefore) car.nextReport = t;
      if (!silent && t >= car.nextReport) {
        car.seen = t;
        car.posSeq = seq;
        car.nextReport = t + (car.driving ? FRAME_MS : out ? 2 * MINUTE : 3 * MINUTE);
        moved.push(car);
      }
      const status = statusOf(car.seen, car.speed, t, OFFLINE_AFTER_MS);
      if (status !== car.status) {
        car.status = status;
        car.fieldSeq = seq;
        countsChanged = true;
      }
      if (car.fieldSeq === seq) changed.push(car);
    }
    return { moved, changed, countsChanged };
  }

  counts(): FleetCounts {
    const c: FleetCounts = { total: this.cars.length, running: 0, stopped: 0, offline: 0, alarm: 0 };
    for (const car of this.cars) {
      if (car.status === "running") c.running++;
      else if (car.status === "stopped") c.stopped++;
      else c.offline++;
    }
    return c;
  }
}

const packed = (car: Car, at: number) => [car.id, Math.round(car.lng * 1e6), Math.round(car.lat * 1e6), car.speed, car.heading, Math.round((at - car.seen!) / 1000)];

/**
 * The hub as the page's socket sees it: hello, a snapshot or a resume on each watch, a delta a frame, pong to ping,
 * acks. It keeps what it last sent each car, so the end can check the page against it, and counts what happened.
 */
class ScriptedHub {
  seq = 0;
  private ws: WebSocketRoute | null = null;
  private watching = false;
  private ackedSeq = 0;
  /** the seq of the last frame sent */
  private lastAsked = 0;
  private ackWaiter: { seq: number; resolve: () => void } | null = null;
  private watchWaiter: (() => void) | null = null;
  /** a connection arrived and has not sent its watch yet */
  pending = false;
  downUntil = 0;
  now = 0;
  /** sockets opened; watches answered with a snapshot; watches after the first, and those from the last seq applied; frames and their bytes; sockets the page closed; waits for an ack that timed out */
  readonly stats = { sockets: 0, snapshots: 0, resumes: 0, resumedFromLastSeq: 0, frames: 0, bytes: 0, closedByPage: 0, stalls: 0 };
  shownCounts: FleetCounts | null = null;

  constructor(private readonly fleet: DemoFleet) {}

  get live() {
    return this.ws !== null && this.watching;
  }

  accept(ws: WebSocketRoute) {
    this.stats.sockets++;
    if (this.now < this.downUntil) {
      void ws.close();
      return;
    }
    this.ws = ws;
    this.watching = false;
    this.pending = true;
    // the page closed it (the silence limit, or the screen went away): an onClose handler must finish the close
    ws.onClose((code, reason) => {
      void ws.close({ code, reason });
      if (this.ws !== ws) return;
      this.stats.closedByPage++;
      this.ws = null;
      this.watching = false;
    });
    ws.onMessage((raw) => {
      const m = JSON.parse(String(raw)) as ClientMessage;
      if (m.type === "ping") return this.send(ws, { type: "pong" });
      if (m.type === "ack") {
        this.ackedSeq = Math.max(this.ackedSeq, m.seq);
        if (this.ackWaiter && this.ackedSeq >= this.ackWaiter.seq) this.ackWaiter.resolve();
        return;
      }
      this.onWatch(ws, m.since);
    });
    this.send(ws, { type: "hello", tenantId: 0, userId: 0 });
  }

  private onWatch(ws: WebSocketRoute, since: number | undefined) {
    this.pending = false;
    this.watching = true;
    const first = this.stats.snapshots === 0 && this.stats.resumes === 0;
    if (!first) {
      this.stats.resumes++;
      if (since === this.ackedSeq) this.stats.resumedFromLastSeq++;
    }
    if (since === undefined || this.stats.resumes % SNAPSHOT_EVERY === 0) this.snapshot(ws);
    else this.resume(ws, since);
    this.watchWaiter?.();
  }

  private snapshot(ws: WebSocketRoute) {
    this.stats.snapshots++;
    const vehicles = this.fleet.cars.map((c) => {
      const heard = c.seen !== null;
      c.shown = heard ? { lng: c.lng, lat: c.lat, seen: c.seen } : null;
      return { id: c.id, plate: `沪S${String(c.index + 1).padStart(5, "0")}`, orgId: null, modelId: null, terminalNo: `SOK${String(c.index + 1).padStart(7, "0")}`, selfNo: null, status: c.status, alarm: false, t: c.seen, seen: c.seen, lng: heard ? c.lng : null, lat: heard ? c.lat : null, speed: heard ? c.speed : null, heading: heard ? c.heading : null, acc: heard ? c.acc : null, faults: [] };
    });
    this.shownCounts = this.fleet.counts();
    this.send(ws, { type: "snapshot", seq: this.seq, vehicles: vehicles as never, counts: this.shownCounts, ack: 1 });
  }

  /** What changed after `since`, in one delta, as the hub resumes (fanout.ts: the counts always). */
  private resume(ws: WebSocketRoute, since: number) {
    const cars = this.fleet.cars;
    this.delta(
      ws,
      cars.filter((c) => c.posSeq > since && c.seen !== null),
      cars.filter((c) => c.fieldSeq > since),
      true,
    );
  }

  private delta(ws: WebSocketRoute, moved: Car[], changed: Car[], withCounts: boolean) {
    const at = this.now;
    const message: Extract<ServerMessage, { type: "delta" }> = { type: "delta", seq: this.seq, vehicles: changed.map((c) => ({ id: c.id, status: c.status, acc: c.acc })), ack: 1 };
    if (moved.length) {
      message.pos = moved.flatMap((c) => packed(c, at));
      message.at = at;
      for (const c of moved) c.shown = { lng: Math.round(c.lng * 1e6) / 1e6, lat: Math.round(c.lat * 1e6) / 1e6, seen: at };
    }
    if (withCounts) message.counts = this.shownCounts = this.fleet.counts();
    this.send(ws, message);
  }

  /** One frame of the fleet at `t`: a delta to the page when it is watching, otherwise owed to its resume. */
  frame(t: number) {
    this.now = t;
    this.seq++;
    const { moved, changed, countsChanged } = this.fleet.advance(t, this.seq);
    if (!this.live || (!moved.length && !changed.length && !countsChanged)) return;
    this.delta(this.ws!, moved, changed, countsChanged);
  }

  private send(ws: WebSocketRoute, message: ServerMessage) {
    const text = JSON.stringify(message);
    if (message.type === "snapshot" || message.type === "delta") {
      this.stats.frames++;
      this.stats.bytes += Buffer.byteLength(text);
      this.lastAsked = message.seq;
    }
    try {
      ws.send(text);
    } catch {
      /* closed under us */
    }
  }

  /** Waits until the page has applied (acknowledged) every frame sent (a frame's work is done before the next step). */
  async settle(timeoutMs = 15_000) {
    if (!this.live || this.ackedSeq >= this.lastAsked) return;
    const done = new Promise<void>((resolve) => (this.ackWaiter = { seq: this.lastAsked, resolve }));
    const timedOut = await Promise.race([done.then(() => false), sleep(timeoutMs).then(() => true)]);
    this.ackWaiter = null;
    if (timedOut) this.stats.stalls++;
  }

  /** Waits for the watch of a connection that has arrived (after the page's retry timer fired). */
  async awaitWatch(timeoutMs = 5000) {
    if (!this.pending) return;
    await Promise.race([new Promise<void>((resolve) => (this.watchWaiter = resolve)), sleep(timeoutMs)]);
    this.watchWaiter = null;
  }

  /** Drops the link; for an outage, refuses connections until `until`. */
  drop(until = 0) {
    this.downUntil = until;
    const ws = this.ws;
    this.ws = null;
    this.watching = false;
    this.pending = false;
    if (ws) void ws.close({ code: 1001, reason: "soak: link dropped" });
  }
}

/**
 * Playwright's fake Date answers `new` with a plain Date, so a subclass (@date-fns/tz's TZDate, which the page's
 * day boundaries use) loses its methods and its zone, and the page's "today" becomes an invalid date. This Date,
 * installed over the fake one, keeps the fake clock and gives a subclass its own prototype back.
 */
const SUBCLASSABLE_DATE = `(() => {
  const Clock = Date;
  function SoakDate(...args) {
    if (!new.target) return Clock(...args);
    const date = new Clock(...args);
    if (new.target !== SoakDate) Object.setPrototypeOf(date, new.target.prototype);
    return date;
  }
  Object.setPrototypeOf(SoakDate, Clock);
  SoakDate.prototype = Clock.prototype;
  globalThis.Date = SoakDate;
})()`;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The page's JS heap after a full collection, and its DOM nodes and event listeners (CDP). */
async function heapSample(cdp: CDPSession) {
  await cdp.send("HeapProfiler.collectGarbage");
  await cdp.send("HeapProfiler.collectGarbage");
  const { usedSize } = await cdp.send("Runtime.getHeapUsage");
  const { metrics } = await cdp.send("Performance.getMetrics");
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN;
  return { heap: usedSize, nodes: metric("Nodes"), listeners: metric("JSEventListeners") };
}

/**
 * The page's heap by a snapshot: its JS objects (objects, arrays, strings, closures, their shapes: what a leak grows)
 * and its compiled code (bytecode and V8's optimised machine code), apart from the browser's own objects. Code grows
 * for hours on a page left open, as V8 optimises paths that run once a minute or once an hour.
 */
async function heapByKind(cdp: CDPSession): Promise<HeapByKind> {
  const chunks: string[] = [];
  const onChunk = ({ chunk }: { chunk: string }) => chunks.push(chunk);
  cdp.on("HeapProfiler.addHeapSnapshotChunk", onChunk);
  try {
    await cdp.send("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
  } finally {
    cdp.off("HeapProfiler.addHeapSnapshotChunk", onChunk);
  }
  const snapshot = JSON.parse(chunks.join("")) as { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[] };
  const fields = snapshot.snapshot.meta.node_fields;
  const [type, size] = [fields.indexOf("type"), fields.indexOf("self_size")];
  const types = snapshot.snapshot.meta.node_types[0];
  const [code, native, synthetic] = ["code", "native", "synthetic"].map((t) => types.indexOf(t));
  const out: HeapByKind = { objects: 0, code: 0 };
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
    const t = snapshot.nodes[i + type];
    if (t === code) out.code += snapshot.nodes[i + size]!;
    else if (t !== native && t !== synthetic) out.objects += snapshot.nodes[i + size]!;
  }
  return out;
}

interface HeapByKind {
  objects: number;
  code: number;
}

// A string, not a function: tsx would wrap a function's helpers with its own `__name`, unknown in the page. Runs on
// the array of the engine's NavigationControl instances (every map has one, and it holds its map): the vehicle
// source's features of each live map, and the HTML cluster markers on the page.
const READ_MAPS = `async function () {
  const maps = this.map((c) => c._map).filter(Boolean);
  const out = [];
  for (const map of maps) {
    const source = map.getSource("monitor-vehicles");
    if (!source) continue;
    const data = await source.getData();
    out.push(data.features.map((f) => [f.properties.id, f.geometry.coordinates[0], f.geometry.coordinates[1]]));
  }
  return { maps: maps.length, sources: out, clusters: document.querySelectorAll('[data-testid="monitor-cluster"]').length };
}`;

/**
 * The markers: the map is a WebGL layer fed by one GeoJSON source, not DOM nodes, and the page exposes no map, so
 * the engine's own module (the chunk the page loaded) gives the NavigationControl class, whose live instances
 * (CDP queryObjects) hold the maps. `chunk`: the engine's module as the page loaded it.
 */
async function readMaps(cdp: CDPSession, chunk: string): Promise<{ maps: number; sources: [number, number, number][][]; clusters: number }> {
  try {
    const { result: proto } = await cdp.send("Runtime.evaluate", { expression: `import(${JSON.stringify(chunk)}).then((m) => m.engine.NavigationControl.prototype)`, awaitPromise: true, objectGroup: "soak" });
    const { objects } = await cdp.send("Runtime.queryObjects", { prototypeObjectId: proto.objectId!, objectGroup: "soak" });
    const { result } = await cdp.send("Runtime.callFunctionOn", { objectId: objects.objectId!, functionDeclaration: READ_MAPS, awaitPromise: true, returnByValue: true });
    return result.value;
  } finally {
    await cdp.send("Runtime.releaseObjectGroup", { objectGroup: "soak" });
  }
}

// What the wall shows, by test id (a string, as READ_MAPS): the live counts, the online buckets, the database's
// panels as text, the link's state and whether 'data as of' is amber.
const SHOWN = `(() => {
  const text = (id) => document.querySelector('[data-testid="' + id + '"]')?.textContent ?? "";
  const number = (s) => Number((s ?? "").replace(/,/g, ""));
  const kpi = (id) => number(document.querySelector('[data-testid="' + id + '"] span:last-child')?.textContent);
  const buckets = {};
  for (const li of document.querySelectorAll("[data-testid=wall-online] li[data-bucket]")) buckets[li.dataset.bucket] = number(li.lastElementChild?.textContent);
  return {
    counts: { total: kpi("kpi-total"), running: kpi("kpi-running"), stopped: kpi("kpi-stopped"), offline: kpi("kpi-offline") },
    buckets,
    server: ["wall-today", "wall-ages", "wall-trend", "wall-alarm-kinds"].map(text),
    connection: document.querySelector("[data-testid=wall-connection]")?.getAttribute("data-state") ?? "",
    stale: document.querySelector("[data-testid=wall-as-of]")?.getAttribute("data-stale") ?? "",
  };
})()`;

interface Shown {
  counts: Record<"total" | "running" | "stopped" | "offline", number>;
  buckets: Record<string, number>;
  server: string[];
  connection: string;
  stale: string;
}
const shownFigures = (page: Page) => page.evaluate(SHOWN) as Promise<Shown>;

export interface SoakResult {
  simulatedHours: number;
  realSeconds: number;
  stats: ScriptedHub["stats"];
  drops: number;
  outages: number;
  /** loader revalidations the page made, and how many did not answer 200 */
  revalidations: number;
  failedRevalidations: number;
  /** the page was loaded again (its mark gone, or a second load event) */
  reloaded: boolean;
  /** heap (bytes after a full collection), DOM nodes and listeners after the warm-up and at the end; and each hour */
  warm: HeapSample;
  end: HeapSample;
  hourly: HeapSample[];
  /** the heap by a snapshot after the warm-up and at the end: JS objects and compiled code */
  warmByKind: HeapByKind;
  endByKind: HeapByKind;
  /** outages during which 'data as of' was amber and the link not live; resumes after which both were back */
  staleShown: number;
  freshAgain: number;
  /** maps alive on the page, and the vehicle source's features: all, distinct ids, machines heard of, not where the frames put them */
  maps: number;
  markers: { features: number; distinct: number; expected: number; misplaced: number };
  /** HTML cluster markers on the map after the warm-up and at the end */
  clusters: { warm: number; end: number };
  counts: { hub: FleetCounts | null; page: Shown["counts"]; equal: boolean };
  buckets: { expected: Record<string, number>; page: Record<string, number>; equal: boolean };
  /** the database's panels as the page shows them against a fresh render by the server */
  serverFigures: { equal: boolean; page: string[]; server: string[] };
}

type HeapSample = Awaited<ReturnType<typeof heapSample>>;

const same = (a: Record<string, number>, b: Record<string, number>) => Object.keys(a).every((k) => a[k] === b[k]);

/** Waits until `done()` (polled every 100 ms) or `ms` have passed. */
async function until(done: () => boolean | Promise<boolean>, ms = 3000) {
  for (const stop = Date.now() + ms; !(await done()) && Date.now() < stop; ) await sleep(100);
}

export async function soakBench({ base, cookie, ids, hours = 24, path = "/homeworkScreen", log }: { base: string; cookie: string; ids: number[]; hours?: number; path?: string; log?: (line: string) => void }): Promise<SoakResult> {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--enable-unsafe-swiftshader", "--ignore-gpu-blocklist"] });
  try {
    // the smallest of the three wall sizes: in software GL the map's redraws set the pace of the run
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    await context.addCookies(cookie.split("; ").map((c) => ({ name: c.slice(0, c.indexOf("=")), value: c.slice(c.indexOf("=") + 1), url: base })));
    const page = await context.newPage();
    const soakMs = hours * HOUR;
    // the latest 09:00 (UTC+8) from which the run ends before now: the warm-up is a working day's first hours, and
    // the end the same hour a day later
    const latest = Date.now() - WARM_UP_MS - soakMs - 5 * MINUTE;
    const day = 24 * HOUR;
    let start = Math.floor((latest + 8 * HOUR) / day) * day - 8 * HOUR + 9 * HOUR;
    if (start > latest) start -= day;
    const fleet = new DemoFleet(ids, start);
    const hub = new ScriptedHub(fleet);
    hub.frame(start);
    await page.routeWebSocket(/\/hub(\?.*)?$/, (ws) => hub.accept(ws));
    let revalidations = 0;
    let failedRevalidations = 0;
    let inFlight = 0;
    let loads = 0;
    let engineChunk = "";
    const isData = (url: string) => new URL(url).pathname.endsWith(".data");
    page.on("request", (r) => {
      if (/\/engine-(maplibre|mapbox)\.client-[^/]*\.js$/.test(r.url())) engineChunk = r.url();
      if (!isData(r.url())) return;
      revalidations++;
      inFlight++;
    });
    page.on("requestfinished", async (r) => {
      if (!isData(r.url())) return;
      inFlight--;
      if ((await r.response())?.status() !== 200) failedRevalidations++;
    });
    page.on("requestfailed", (r) => {
      if (!isData(r.url())) return;
      inFlight--;
      failedRevalidations++;
    });
    page.on("load", () => loads++);
    await page.clock.install({ time: start });
    await context.addInitScript(SUBCLASSABLE_DATE);
    await page.goto(`${base}${path}`);
    await page.waitForSelector("[data-map-state=ready]", { timeout: 60_000 });
    await page.waitForSelector("[data-testid=wall-connection][data-state=open]", { timeout: 30_000 });
    // a mark on the page: still there at the end, so the page was never loaded again
    await page.evaluate(() => ((window as unknown as { __soak: number }).__soak = 41));
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    const t0 = performance.now();
    // the clock stops just ahead of where the page's own has run while it loaded; the frames of that time follow
    let t = start + Math.ceil(((await page.evaluate(() => Date.now())) - start + 1000) / FRAME_MS) * FRAME_MS;
    await page.clock.pauseAt(t);
    for (let f = start + FRAME_MS; f <= t; f += FRAME_MS) hub.frame(f);
    await hub.settle();

    const end = t + WARM_UP_MS + soakMs;
    let nextDrop = t + DROP_EVERY_MS;
    let nextSample = start + WARM_UP_MS;
    let drops = 0;
    let outages = 0;
    /** when to look at the header during an outage; whether to look after the resume that ends it */
    let outageCheck = 0;
    let freshCheck = false;
    let staleShown = 0;
    let freshAgain = 0;
    let warm: HeapSample | null = null;
    let warmByKind: HeapByKind | null = null;
    let warmClusters = 0;
    const hourly: HeapSample[] = [];
    const sample = async () => {
      // not in the middle of a revalidation: the old and the new figures would both be in the heap
      await until(() => inFlight === 0);
      const s = await heapSample(cdp);
      hourly.push(s);
      log?.(`  hour ${hourly.length}: ${((performance.now() - t0) / 1000).toFixed(0)} s, heap ${(s.heap / 1048576).toFixed(2)} MB, ${s.nodes} nodes, ${hub.stats.frames} frames, ${revalidations} revalidations, ${hub.stats.sockets} sockets`);
      return s;
    };
    // the first step is a short one: the page last heard the hub at its last ping while its clock ran on its own
    let step = 4 * FRAME_MS;
    while (t < end) {
      t += step;
      hub.now = t;
      await page.clock.fastForward(step);
      if (!hub.live) {
        // a retry that came due opened a socket: its watch follows
        await page.evaluate("0");
        await hub.awaitWatch();
      }
      for (let f = t - step + FRAME_MS; f <= t; f += FRAME_MS) hub.frame(f);
      step = STEP_MS;
      await hub.settle();
      if (outageCheck && t >= outageCheck) {
        const shown = await shownFigures(page);
        if (shown.stale === "1" && shown.connection !== "open") staleShown++;
        outageCheck = 0;
      }
      if (freshCheck && hub.live) {
        await until(async () => {
          const shown = await shownFigures(page);
          return shown.stale === "0" && shown.connection === "open";
        }, 1000);
        const shown = await shownFigures(page);
        if (shown.stale === "0" && shown.connection === "open") freshAgain++;
        freshCheck = false;
      }
      if (t >= nextDrop && t < end) {
        drops++;
        const outage = drops % OUTAGE_EVERY === 0;
        if (outage) {
          outages++;
          // down 90 s: the header says reconnecting or unavailable, and its 'data as of' is amber
          outageCheck = t + 90_000;
          freshCheck = true;
        }
        hub.drop(outage ? t + OUTAGE_MS : 0);
        nextDrop += DROP_EVERY_MS;
      }
      if (t >= nextSample && t < end && hub.live) {
        const s = await sample();
        if (!warm) {
          warm = s;
          warmByKind = await heapByKind(cdp);
          warmClusters = (await readMaps(cdp, engineChunk)).clusters;
        }
        nextSample += HOUR;
      }
    }
    await hub.settle();
    const endSample = await sample();
    const endByKind = await heapByKind(cdp);
    const realSeconds = (performance.now() - t0) / 1000;

    // The figures as the frames left them. The page recounts its online buckets every 10 s (and on a status change):
    // once more, 10 s on, with no frame between.
    t += 10_000;
    await page.clock.fastForward(10_000);
    const timeZone = await page.evaluate(() => (window as unknown as { __remixContext?: { state?: { loaderData?: Record<string, { figures?: { timeZone?: string } }> } } }).__remixContext?.state?.loaderData?.["routes/homeworkScreen"]?.figures?.timeZone);
    const expected: Record<string, number> = Object.fromEntries(BUCKETS.map((b) => [b, 0]));
    const dayStart = startOfTenantDay(t, timeZone ?? DEFAULT_TIME_ZONE);
    for (const c of fleet.cars) expected[onlineBucket(c.shown?.seen ?? null, t, dayStart)]!++;
    let shown = await shownFigures(page);
    const countsEqual = () => !!hub.shownCounts && same(shown.counts, hub.shownCounts as unknown as Record<string, number>);
    await until(async () => {
      shown = await shownFigures(page);
      return countsEqual() && same(expected, shown.buckets);
    });

    // the map redraws on its animation frames: the clock runs again, then its source is read
    await page.clock.resume();
    const byId = new Map(fleet.cars.map((c) => [c.id, c]));
    let maps = await readMaps(cdp, engineChunk);
    const markers = () => {
      const features = maps.sources.flat();
      const misplaced = features.filter(([id, lng, lat]) => {
        const s = byId.get(id)?.shown;
        return !s || Math.abs(s.lng - lng) > 1e-7 || Math.abs(s.lat - lat) > 1e-7;
      }).length;
      return { features: features.length, distinct: new Set(features.map((f) => f[0])).size, expected: fleet.cars.filter((c) => c.shown).length, misplaced };
    };
    await until(async () => {
      maps = await readMaps(cdp, engineChunk);
      return markers().misplaced === 0;
    });

    // the database's figures: what the page shows against the same page rendered afresh by the server (no script)
    await until(() => inFlight === 0);
    const plain = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 720 } });
    await plain.addCookies(await context.cookies());
    const fresh = await plain.newPage();
    await fresh.goto(`${base}${path}`);
    const server = ((await fresh.evaluate(SHOWN)) as Shown).server;
    await plain.close();
    const marked = await page.evaluate(() => (window as unknown as { __soak?: number }).__soak);

    return {
      simulatedHours: (WARM_UP_MS + soakMs) / HOUR,
      realSeconds,
      stats: hub.stats,
      drops,
      outages,
      revalidations,
      failedRevalidations,
      reloaded: marked !== 41 || loads !== 1,
      warm: warm ?? endSample,
      end: endSample,
      warmByKind: warmByKind ?? endByKind,
      endByKind,
      hourly,
      staleShown,
      freshAgain,
      maps: maps.maps,
      markers: markers(),
      clusters: { warm: warmClusters, end: maps.clusters },
      counts: { hub: hub.shownCounts, page: shown.counts, equal: countsEqual() },
      buckets: { expected, page: shown.buckets, equal: same(expected, shown.buckets) },
      serverFigures: { equal: server.every((text, i) => text === shown.server[i]), page: shown.server, server },
    };
  } finally {
    await browser.close();
  }
}

export interface TrafficResult {
  kbPerSecond: number;
  frames: number;
  seconds: number;
  /** machines moved a frame, on average (pos entries) */
  movedPerFrame: number;
  postsPerSecond: number;
}

/**
 * A wall's socket on the real hub while `terminals` each post a position every 3 s (the terminals are provisioned
 * with secrets first: existing ones keep their vehicle, new ones become vehicles).
 */
export async function wallTrafficBench({ base, cookie, terminals, seconds = 60 }: { base: string; cookie: string; terminals: string[]; seconds?: number }): Promise<TrafficResult> {
  const secret = (no: string) => `soak-secret-${no}`;
  for (let i = 0; i < terminals.length; i += 50) {
    const res = await fetch(`${base}/api/device/provision`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: base, "Content-Type": "application/json" },
      body: JSON.stringify({ terminals: terminals.slice(i, i + 50).map((terminalNo) => ({ terminalNo, plate: `沪W${terminalNo.slice(-5)}`, secret: secret(terminalNo) })) }),
    });
    const answer = (await res.json()) as { data?: { rejected: unknown[] } };
    if (res.status !== 200 || answer.data?.rejected.length) throw new Error(`provision answered ${res.status}: ${JSON.stringify(answer).slice(0, 300)}`);
  }
  const tokens: string[] = new Array(terminals.length);
  await pool(terminals.length, 16, async (k) => {
    const res = await fetch(`${base}/ingest/v1/auth`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ terminalNo: terminals[k], secret: secret(terminals[k]!) }) });
    const { token } = (await res.json()) as { token?: string };
    if (!token) throw new Error(`terminal sign-in failed for ${terminals[k]}`);
    tokens[k] = token;
  });

  // the wall's socket, as use-wall-live.ts watches (no Origin: a script's socket, as in bench-fanout.ts)
  const ws = new WebSocket(`${base.replace(/^http/, "ws")}/hub`, { perMessageDeflate: false, headers: { Cookie: cookie } });
  await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
  // a socket lost midway shows in the frames counted
  ws.on("error", () => undefined);
  let counting = false;
  let bytes = 0;
  let frames = 0;
  let moved = 0;
  ws.on("message", (data: Buffer) => {
    const m = JSON.parse(data.toString()) as ServerMessage;
    if ((m.type === "snapshot" || m.type === "delta") && m.ack === 1) ws.send(JSON.stringify({ type: "ack", seq: m.seq } satisfies ClientMessage));
    if (!counting || m.type !== "delta") return;
    bytes += data.length;
    frames++;
    moved += (m.pos?.length ?? 0) / POS_STRIDE;
  });
  ws.send(JSON.stringify({ type: "watch", vehicles: "all", counts: true, fields: "map", hz: 0.25 } satisfies ClientMessage));

  // Each terminal posts every 3 s at its own offset in the cycle, a point a little further along its heading: more
  // often than the wall's frame, so that every frame finds every machine moved, as terminals reporting each second
  // would. Frames are counted from the third cycle on, for `seconds`.
  const n = terminals.length;
  const t0 = Date.now();
  const warmUntil = t0 + 3 * POST_EVERY_MS;
  const stopAt = warmUntil + seconds * 1000;
  const countFrom = setTimeout(() => (counting = true), warmUntil - t0);
  let posts = 0;
  let next = 0;
  await pool(24, 24, async () => {
    while (Date.now() < stopAt) {
      const k = next++;
      const v = k % n;
      const round = Math.floor(k / n);
      const due = t0 + round * POST_EVERY_MS + (v * POST_EVERY_MS) / n;
      if (due > Date.now()) await sleep(due - Date.now());
      const heading = (v * 37) % 360;
      const h = (heading * Math.PI) / 180;
      const point = { t: Date.now(), lng: 121.2 + (v % 40) * 0.015 + round * 0.0004 * Math.sin(h), lat: 31.0 + Math.floor(v / 40) * 0.015 + round * 0.0004 * Math.cos(h), speed: 30 + (v % 30), heading, status: { acc: true } };
      const res = await fetch(`${base}/ingest/v1/telemetry`, { method: "POST", headers: { Authorization: `Bearer ${tokens[v]}`, "Content-Type": "application/json" }, body: JSON.stringify({ points: [point] }) });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`telemetry answered ${res.status}`);
      if (counting) posts++;
    }
  });
  clearTimeout(countFrom);
  counting = false;
  ws.close(1000);
  return { kbPerSecond: bytes / 1024 / seconds, frames, seconds, movedPerFrame: frames ? moved / frames : 0, postsPerSecond: posts / seconds };
}

/** Runs `task(0…count-1)` with at most `width` at once. */
async function pool(count: number, width: number, task: (k: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(2)} MB`;
const change = (from: number, to: number) => `${to >= from ? "+" : ""}${(((to - from) / from) * 100).toFixed(1)} %`;
const verdict = (ok: boolean) => (ok ? "ok" : "OVER");
const int = (n: number) => n.toLocaleString("en");
const eq = (equal: boolean) => (equal ? "=" : "≠");

/** The soak's lines for `npm run bench`, its heading first (budget: heap growth after the warm-up under 5 %). */
export function soakLines(r: SoakResult): string[] {
  const s = r.stats;
  const [w, e] = [r.warmByKind, r.endByKind];
  const heaps = r.hourly.map((h) => h.heap);
  const linkOk = s.resumes === r.drops && s.resumedFromLastSeq === s.resumes && r.staleShown === r.outages && r.freshAgain === r.outages && !r.reloaded && s.closedByPage === 0 && s.stalls === 0;
  const markersOk = r.maps === 1 && r.markers.features === r.markers.expected && r.markers.distinct === r.markers.features && r.markers.misplaced === 0;
  const figuresOk = r.counts.equal && r.buckets.equal && r.serverFigures.equal && r.failedRevalidations === 0;
  const c = r.counts.page;
  const b = r.buckets.page;
  return [
    `\nA big screen left open: /homeworkScreen at 1280×720 for ${r.simulatedHours} simulated hours of a ${int(c.total)}-machine day (the first ${WARM_UP_MS / HOUR} a warm-up) in ${r.realSeconds.toFixed(0)} s; its /hub answered by scripts/bench-soak.ts, a frame each 4 s, the page's clock moved on 40 s at a time, the link dropped every 5 minutes (budget: heap growth after the warm-up < 5 %)`,
    `  JS heap after a full collection  ${mb(r.warm.heap)} after the warm-up, ${mb(r.end.heap)} at the end (${change(r.warm.heap, r.end.heap)}; hourly ${mb(Math.min(...heaps))}–${mb(Math.max(...heaps))})  ${verdict((r.end.heap - r.warm.heap) / r.warm.heap < 0.05)}`,
    `    its JS objects                 ${mb(w.objects)} → ${mb(e.objects)} (${change(w.objects, e.objects)})  ${verdict((e.objects - w.objects) / w.objects < 0.05)}   (objects, arrays, strings, closures: what a leak grows)`,
    `    its compiled code              ${mb(w.code)} → ${mb(e.code)} (${change(w.code, e.code)})        (V8 optimising paths that run once a minute or an hour: docs/big-screens.md, "Soak")`,
    `  DOM                              ${int(r.warm.nodes)} → ${int(r.end.nodes)} nodes, ${int(r.warm.listeners)} → ${int(r.end.listeners)} event listeners, ${r.clusters.warm} → ${r.clusters.end} cluster markers  ${verdict(r.end.nodes <= r.warm.nodes * 1.05)}   (the budget is on the nodes; the listeners follow the cluster markers, which follow where the machines stand)`,
    `  markers                          ${int(r.markers.features)} features in the vehicle source of ${r.maps} map for ${int(r.markers.expected)} machines heard of, ${int(r.markers.distinct)} distinct, ${r.markers.misplaced} away from their last position  ${verdict(markersOk)}`,
    `  the link                         dropped ${r.drops} times, ${r.outages} of them for 3 minutes ('data as of' amber ${r.staleShown}×, fresh again ${r.freshAgain}×); ${s.resumedFromLastSeq} of ${s.resumes} watches after a drop resumed from the last seq applied (${s.snapshots - 1} answered with a snapshot); ${int(s.frames)} frames, ${(s.bytes / 1048576).toFixed(0)} MB; ${r.reloaded ? "loaded again" : "loaded once"}  ${verdict(linkOk)}`,
    `  figures                          working ${int(c.running)}, idle ${int(c.stopped)}, offline ${int(c.offline)} ${eq(r.counts.equal)} the hub's; online ${int(b.minute ?? 0)} within a minute, ${int(b.today ?? 0)} today ${eq(r.buckets.equal)} the frames'; the database's panels after ${r.revalidations} revalidations (${r.failedRevalidations} failed) ${eq(r.serverFigures.equal)} a fresh render  ${verdict(figuresOk)}`,
  ];
}

/** The live-traffic lines for `npm run bench` (budget: under 10 KB/s for 1,000 machines moving). */
export function trafficLines(r: TrafficResult): string[] {
  return [
    `\nA big screen's live traffic: the real hub's frames to a wall's socket (map fields at 0.25 Hz, as use-wall-live.ts watches; no permessage-deflate) while 1,000 terminals each post a position every 3 s through the terminal API (budget < 10 KB/s)`,
    `  ${r.kbPerSecond.toFixed(1)} KB/s   ${r.frames} frames in ${r.seconds} s, ${int(Math.round(r.movedPerFrame))} machines moved in each on average, ${r.postsPerSecond.toFixed(0)} posts/s  ${verdict(r.kbPerSecond < 10)}`,
  ];
}

// `npx tsx scripts/bench-soak.ts`: the two on a server of their own (after `remix vite:build`), for working on them
// without the whole bench, with the soak's hourly heap; `--fresh` makes its database again, `--hours=N` soaks N hours
// after the warm-up, `--soak-only` and `--traffic-only` run one of the two.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const PORT = 8791;
  const BASE = `http://127.0.0.1:${PORT}`;
  const PERSIST = ".wrangler/bench-soak";
  const d1 = (command: string, json = false) => spawnSync(`${root}node_modules/.bin/wrangler`, ["d1", "execute", "DB", "--local", "--persist-to", PERSIST, ...(json ? ["--json"] : []), "--command", command], { cwd: root, encoding: "utf8", env: { ...process.env, CI: "1" } });
  if (process.argv.includes("--fresh")) rmSync(`${root}${PERSIST}`, { recursive: true, force: true });
  if (!existsSync(`${root}${PERSIST}`)) {
    prepareDatabase(PERSIST);
    // bench.ts's fleet: vehicles FPS0000001… under the demo tenant's root organisation
    d1(`insert into vehicles (tenant_id, org_id, plate, terminal_no, state, version, created_at, updated_at)
      select t.id, (select id from organisations where tenant_id = t.id and parent_id is null), '沪F' || substr('00000' || i, -5), 'FPS' || substr('0000000' || i, -7), 1, 1, 1700000000000, 1700000000000
      from (with recursive seq(i) as (select 1 union all select i + 1 from seq where i < 5000) select i from seq), tenants t where t.code = 'demo'`);
  }
  const ids = (JSON.parse(d1("select id from vehicles where terminal_no like 'FPS%' order by id", true).stdout) as { results: { id: number }[] }[])[0]!.results.map((r) => r.id);
  const server = spawnMeasuredServer(PORT, PERSIST, { APP_ENV: "development", CAPTCHA: "off" });
  const stop = () => {
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      /* gone */
    }
  };
  process.on("exit", stop);
  try {
    await waitForServer(`${BASE}/healthz`);
    const cookie = await adminCookie(BASE);
    if (!process.argv.includes("--traffic-only")) {
      const hours = Number(process.argv.find((a) => a.startsWith("--hours="))?.slice(8) ?? 24);
      for (const line of soakLines(await soakBench({ base: BASE, cookie, ids: ids.slice(0, 1000), hours, log: console.log }))) console.log(line);
    }
    if (!process.argv.includes("--soak-only")) for (const line of trafficLines(await wallTrafficBench({ base: BASE, cookie, terminals: Array.from({ length: 1000 }, (_, i) => `FPS${String(i + 1).padStart(7, "0")}`) }))) console.log(line);
  } finally {
    stop();
  }
  process.exit(0);
}
