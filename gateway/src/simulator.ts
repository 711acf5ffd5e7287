/**
 * A JT808 terminal over a real TCP socket, for the tests, the end-to-end test and the bench (docs/jt808.md,
 * "Simulator"): it registers, authenticates, reports, heartbeats, and answers the platform's commands the way a
 * well-behaved terminal does (a general response; a parameters or location reply; an upgrade's result).
 */
import { connect, type Socket } from "node:net";
import {
  decodeMessage,
  decodePacket,
  encodeAuthenticate,
  encodeBatch,
  encodeGeneralResponse,
  encodeLocation,
  encodeLocationReply,
  encodePacket,
  encodeParamsReply,
  encodeRegister,
  encodeUpgradeResult,
  FrameReader,
  MSG,
  type Location,
  type Message,
  type Packet,
} from "./jt808";

export interface Received {
  packet: Packet;
  message: Message;
}

export interface SimOptions {
  host: string;
  port: number;
  /** the terminal's phone digits (padded to the edition's width by the codec) */
  phone: string;
  edition?: 2013 | 2019;
  tzOffsetMinutes?: number;
  /** answer commands by itself (default true); the upgrade's result follows its receipt after upgradeMs */
  autoAnswer?: boolean;
  upgradeMs?: number;
}

export class SimTerminal {
  private socket: Socket | null = null;
  private readonly frames = new FrameReader(8192);
  private serial = 0;
  private readonly waiters: { match: (r: Received) => boolean; resolve: (r: Received) => void }[] = [];
  /** every message the platform sent, in order */
  readonly received: Received[] = [];
  readonly edition: 2013 | 2019;
  closed = false;

  constructor(private readonly options: SimOptions) {
    this.edition = options.edition ?? 2013;
  }

  connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: this.options.host, port: this.options.port }, () => resolve());
      socket.setNoDelay(true);
      socket.once("error", reject);
      socket.on("data", (chunk: Buffer) => this.read(chunk));
      socket.on("close", () => (this.closed = true));
      this.socket = socket;
    });
  }

  close(): void {
    this.socket?.destroy();
  }

  private read(chunk: Buffer): void {
    for (const frame of this.frames.push(chunk)) {
      const decoded = decodePacket(frame);
      if (!decoded.ok) continue;
      const received = { packet: decoded.packet, message: decodeMessage(decoded.packet, this.options.tzOffsetMinutes ?? 480) };
      this.received.push(received);
      const i = this.waiters.findIndex((w) => w.match(received));
      if (i >= 0) this.waiters.splice(i, 1)[0]!.resolve(received);
      if (this.options.autoAnswer !== false) this.answer(received);
    }
  }

  /** Writes a message; returns its serial. `raw` frames (tests of damaged input) are written as given. */
  send(msgId: number, body: Uint8Array): number {
    const serial = this.serial;
    this.serial = (this.serial + 1) & 0xffff;
    this.socket!.write(encodePacket({ msgId, phone: this.options.phone, serial, edition: this.edition, body }));
    return serial;
  }

  write(bytes: Uint8Array): void {
    this.socket!.write(bytes);
  }

  /** The next message from the platform that matches (already received ones count only if not yet taken). */
  next(match: (r: Received) => boolean, timeoutMs = 10_000): Promise<Received> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching message from the platform within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({ match, resolve: (r) => (clearTimeout(timer), resolve(r)) });
    });
  }

  /** The platform's general response to the message with this serial. */
  responseTo(serial: number, timeoutMs?: number): Promise<number> {
    return this.next((r) => r.message.kind === "platformResponse" && r.message.value.serial === serial, timeoutMs).then((r) => (r.message as { value: { result: number } }).value.result);
  }

  async register(plate = "沪A00000", timeoutMs?: number): Promise<{ result: number; authCode?: string }> {
    const serial = this.send(MSG.register, encodeRegister({ province: 31, city: 0, maker: "DRK", model: "SIM-808", terminalId: "SIM0001", plateColor: 1, plate }, this.edition));
    const r = await this.next((m) => m.message.kind === "registerResponse" && m.message.value.serial === serial, timeoutMs);
    return (r.message as { value: { result: number; authCode?: string } }).value;
  }

  async authenticate(code: string, timeoutMs?: number): Promise<number> {
    const serial = this.send(MSG.authenticate, encodeAuthenticate({ code, imei: "860000000000001", softwareVersion: "1.0.0" }, this.edition));
    return this.responseTo(serial, timeoutMs);
  }

  /** Sends a location report and waits for its acknowledgement (the gateway answers once it is stored or buffered). */
  async report(location: Location, timeoutMs?: number): Promise<number> {
    return this.responseTo(this.send(MSG.location, encodeLocation(location, this.options.tzOffsetMinutes ?? 480)), timeoutMs);
  }

  async batch(items: Location[], blind = true, timeoutMs?: number): Promise<number> {
    return this.responseTo(this.send(MSG.batch, encodeBatch({ kind: blind ? 1 : 0, items }, this.options.tzOffsetMinutes ?? 480)), timeoutMs);
  }

  async heartbeat(): Promise<number> {
    return this.responseTo(this.send(MSG.heartbeat, new Uint8Array(0)));
  }

  private answer({ packet, message }: Received): void {
    const ok = (result = 0) => this.send(MSG.terminalResponse, encodeGeneralResponse({ serial: packet.serial, msgId: packet.msgId, result: result as 0 }));
    switch (message.kind) {
      case "text":
      case "setParams":
      case "passthroughDown":
        ok();
        return;
      case "control":
        ok();
        if (message.value.command === 1) setTimeout(() => !this.closed && this.send(MSG.upgradeResult, encodeUpgradeResult({ type: 0, result: 0 })), this.options.upgradeMs ?? 200);
        return;
      case "queryParams":
        this.send(MSG.paramsReply, encodeParamsReply({ serial: packet.serial, params: { 0x0001: 30, 0x0029: 10 } }));
        return;
      case "locate":
        this.send(MSG.locationReply, encodeLocationReply({ serial: packet.serial, location: this.lastLocation ?? simLocation(Date.now(), 121.47, 31.23) }, this.options.tzOffsetMinutes ?? 480));
        return;
      default:
    }
  }

  lastLocation: Location | null = null;
}

/** A plausible located report: ACC on, moving east at 36 km/h, a mileage. */
export function simLocation(time: number, lng: number, lat: number, extras: Partial<Location["extras"]> = {}): Location {
  return {
    alarm: 0,
    status: 0b11, // ACC on, located
    lat,
    lng,
    altitude: 12,
    speed: 36,
    heading: 90,
    time: Math.floor(time / 1000) * 1000,
    extras: { mileageKm: 1234.5, signal: 25, satellites: 12, vendor: {}, raw: {}, ...extras },
  };
}
