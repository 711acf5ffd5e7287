// The demo vehicle with a JT/T 808 terminal (db/seed/telematics.ts DEMO_JT808_VEHICLE) after `npm start`: it drives
// like the rest of the demo fleet, but speaks the national standard to the gateway over TCP instead of the HTTP
// terminal API: registers once (the code is kept in a file beside the local database, as a terminal keeps it in its
// flash), authenticates on every connection, reports every 5 s and answers the platform's commands. So the map,
// the lock tasks and the upgrade tasks of the demo show a machine that came through the gateway (docs/jt808.md).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { SimTerminal } from "../gateway/src/simulator";
import type { Location } from "../gateway/src/jt808";
import type { DemoPoint } from "./demo-fleet-model";

/** a JT808 terminal's usual report interval while driving */
export const JT808_REPORT_MS = 5000;
const RETRY_MS = 10_000;
/** register's answer: already registered (the code is lost: 重置JT808注册 on /deviceList clears it) */
const ALREADY_REGISTERED = 3;
/** the simulated machines' fuel tank, litres (their fuel level is a percentage) */
const TANK_L = 400;

/** The report a JT808 terminal sends for the demo model's point: ACC and fix in the status word, litres of fuel. */
export function locationOf(p: DemoPoint): Location {
  return {
    alarm: 0,
    status: (p.status.acc ? 0b01 : 0) | 0b10,
    lat: p.lat,
    lng: p.lng,
    altitude: 8,
    speed: p.speed,
    heading: p.heading,
    time: Math.floor(p.t / 1000) * 1000,
    extras: { mileageKm: p.mileage, fuelL: Math.round(p.fuel * TANK_L) / 100, signal: 24, satellites: 14, dtcs: p.faults, vendor: {}, raw: {} },
  };
}

export interface Jt808Options {
  host: string;
  port: number;
  phone: string;
  /** where the registration code is kept between runs */
  codeFile: string;
  warn: (line: string) => void;
}

/** The demo's JT808 terminal: `tick` with the vehicle's point every second; it reports every 5 s. */
export class DemoJt808Terminal {
  private terminal: SimTerminal | null = null;
  private nextTry = 0;
  private lastReport = 0;
  private warned = new Set<string>();
  private busy = false;
  /** reports acknowledged by the gateway */
  acked = 0;

  constructor(private readonly o: Jt808Options) {}

  private warnOnce(key: string, line: string) {
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.o.warn(line);
  }

  private readCode(): string | null {
    return existsSync(this.o.codeFile) ? readFileSync(this.o.codeFile, "utf8").trim() || null : null;
  }

  /** Connects, authenticates with the kept code or registers for one; null (and a line once) when it cannot. */
  private async online(): Promise<SimTerminal | null> {
    if (this.terminal && !this.terminal.closed) return this.terminal;
    if (Date.now() < this.nextTry) return null;
    this.nextTry = Date.now() + RETRY_MS;
    const t = new SimTerminal({ host: this.o.host, port: this.o.port, phone: this.o.phone });
    try {
      await t.connect();
    } catch {
      // said once; it tries again every 10 s
      this.warnOnce("connect", `✗ demo fleet: no JT808 gateway on ${this.o.host}:${this.o.port} yet; the JT808 vehicle waits for it`);
      return null;
    }
    try {
      if (await this.signIn(t)) {
        this.terminal = t;
        return t;
      }
    } catch (error) {
      // no answer in time (a gateway that cannot reach the app): this connection goes, the next try opens another
      this.warnOnce("answer", `✗ demo fleet: JT808 terminal ${this.o.phone}: ${(error as Error).message}`);
    }
    t.close();
    return null;
  }

  /** Authenticates with the kept code, or registers for a new one first; false (and a line once) when refused. */
  private async signIn(t: SimTerminal): Promise<boolean> {
    let code = this.readCode();
    if (code && (await t.authenticate(code)) === 0) return true;
    const answer = await t.register("沪A·JT808");
    if (answer.result === ALREADY_REGISTERED || !answer.authCode) {
      this.warnOnce("register", `✗ demo fleet: JT808 terminal ${this.o.phone} was refused registration (${answer.result}); tick 重置JT808注册 on /deviceList to let it register again`);
      return false;
    }
    code = answer.authCode;
    mkdirSync(dirname(this.o.codeFile), { recursive: true });
    writeFileSync(this.o.codeFile, code);
    if ((await t.authenticate(code)) === 0) return true;
    this.warnOnce("auth", `✗ demo fleet: JT808 terminal ${this.o.phone} could not authenticate with its new code`);
    return false;
  }

  /** The vehicle's point of this second; a call while the last one still waits for the gateway is skipped. */
  async tick(point: DemoPoint): Promise<void> {
    if (this.busy || point.t - this.lastReport < JT808_REPORT_MS) return;
    this.busy = true;
    try {
      await this.report(point);
    } finally {
      this.busy = false;
    }
  }

  private async report(point: DemoPoint): Promise<void> {
    const t = await this.online();
    if (!t) return;
    this.lastReport = point.t;
    const location = locationOf(point);
    t.lastLocation = location;
    try {
      if ((await t.report(location)) === 0) this.acked++;
    } catch {
      // unanswered: a new connection on the next tick (the gateway acknowledges only what it stored or buffered)
      t.close();
      this.terminal = null;
    }
  }

  close(): void {
    this.terminal?.close();
  }
}
