/**
 * The JT/T 808 gateway (docs/jt808.md): a TCP server terminals connect to. Each connection is a Session: frames are
 * read (jt808/frame.ts), checked and joined (packet.ts), answered, and its reports forwarded to the Worker
 * (forwarder.ts) and acknowledged once stored or buffered. Commands queued on the platform reach the terminals
 * connected here (commands.ts). Limits per remote address: connections and bytes per second.
 */
import { createServer, type Server, type Socket } from "node:net";
import { join } from "node:path";
import { outgoing, RESPONSE_RESULT, type Awaits, type Command } from "./commands";
import { Forwarder, type Outcome, type Report } from "./forwarder";
import {
  decodeMessage,
  decodePacket,
  encodeGeneralResponse,
  encodePacket,
  encodeRegisterResponse,
  FrameReader,
  MSG,
  normalizePhone,
  Reassembler,
  type Packet,
} from "./jt808";
import { Journal } from "./journal";
import { pointOf } from "./report";
import { WorkerClient } from "./worker";

export interface GatewayOptions {
  port: number;
  host?: string;
  /** the Worker's origin */
  workerUrl: string;
  /** JT808_GATEWAY_SECRET */
  secret: string;
  /** where the disk buffer lives */
  dataDir: string;
  /** the terminals' clock zone, minutes east of UTC (GMT+8: 480) */
  tzOffsetMinutes?: number;
  maxConnectionsPerAddress?: number;
  /** bytes a remote address may send per second (averaged over a few seconds) */
  bytesPerSecondPerAddress?: number;
  /** a connection silent this long is closed (terminals heartbeat every 30–60 s) */
  idleTimeoutMs?: number;
  /** how often queued commands are asked for */
  commandPollMs?: number;
  /** the forwarder's batching (tests and the bench tune it) */
  lingerMs?: number;
  log?: (line: string) => void;
}

/**
 * Limits per remote address. Generous, as terminals on mobile networks reach the gateway through the carrier's NAT
 * (many SIMs of one APN share a public address): a thousand connections, and 1 MiB a second (a terminal sends a few
 * hundred bytes every few seconds; a blind-area batch about 1 KB a packet).
 */
export const DEFAULT_LIMITS = { connectionsPerAddress: 1000, bytesPerSecondPerAddress: 1024 * 1024 };

/** A heartbeat is forwarded (the terminal marked as heard from) at most this often; answered every time. */
const HEARTBEAT_FORWARD_MS = 30_000;
/** wrong authentication codes a connection may send before it is closed */
const MAX_AUTH_FAILURES = 3;
/** commands a connection waits on at once (an answer names its serial) */
const MAX_AWAITING = 64;

interface Awaiting {
  command: Command;
  msgId: number;
  awaits: Awaits;
}

class AddressBudget {
  connections = 0;
  private tokens: number;
  private last = Date.now();

  constructor(private readonly rate: number) {
    this.tokens = rate * 4;
  }

  /** Takes n bytes from the bucket (refilled at `rate` a second, holding four seconds' worth); false when empty. */
  take(n: number): boolean {
    const now = Date.now();
    this.tokens = Math.min(this.rate * 4, this.tokens + ((now - this.last) / 1000) * this.rate);
    this.last = now;
    this.tokens -= n;
    return this.tokens >= 0;
  }
}

export class Gateway {
  private server: Server | null = null;
  private readonly worker: WorkerClient;
  readonly forwarder: Forwarder;
  /** authenticated sessions by normalized phone */
  readonly sessions = new Map<string, Session>();
  /** every open connection, authenticated or not (closed when the gateway stops) */
  private readonly open = new Set<Session>();
  private readonly budgets = new Map<string, AddressBudget>();
  private readonly updates: Record<string, unknown>[] = [];
  /** the last command id looked at (commands queued before a terminal connects are asked for by its phone then) */
  private commandCursor = 0;
  /**
   * commands handed to a terminal lately: the poll and a terminal's own look at its queue may both list a command
   * before the Worker has heard that it went, and a terminal must not get it twice
   */
  private readonly handedOver = new Set<number>();
  private timers: NodeJS.Timeout[] = [];
  readonly tz: number;
  readonly stats = { connections: 0, refusedConnections: 0, frames: 0, badFrames: 0, commandsSent: 0 };

  constructor(readonly options: GatewayOptions) {
    this.worker = new WorkerClient({ url: options.workerUrl, secret: options.secret });
    this.forwarder = new Forwarder(this.worker, new Journal<Report[]>(join(options.dataDir, "buffer")), { lingerMs: options.lingerMs });
    this.tz = options.tzOffsetMinutes ?? 480;
  }

  log(line: string): void {
    this.options.log?.(line);
  }

  async start(): Promise<number> {
    this.server = createServer((socket) => this.accept(socket));
    this.server.maxConnections = 100_000;
    await new Promise<void>((resolve, reject) => {
      this.server!.once("error", reject);
      this.server!.listen(this.options.port, this.options.host ?? "0.0.0.0", () => resolve());
    });
    const poll = setInterval(() => void this.pollCommands(), this.options.commandPollMs ?? 1000);
    const flush = setInterval(() => void this.flushUpdates(), 200);
    poll.unref();
    flush.unref();
    this.timers.push(poll, flush);
    const address = this.server.address();
    return typeof address === "object" && address ? address.port : this.options.port;
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    for (const s of this.open) s.close("gateway stopping");
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    await this.flushUpdates();
    this.forwarder.close();
  }

  private accept(socket: Socket): void {
    const address = socket.remoteAddress ?? "?";
    let budget = this.budgets.get(address);
    if (!budget) this.budgets.set(address, (budget = new AddressBudget(this.options.bytesPerSecondPerAddress ?? DEFAULT_LIMITS.bytesPerSecondPerAddress)));
    if (budget.connections >= (this.options.maxConnectionsPerAddress ?? DEFAULT_LIMITS.connectionsPerAddress)) {
      this.stats.refusedConnections++;
      socket.destroy();
      return;
    }
    budget.connections++;
    this.stats.connections++;
    const session = new Session(this, socket, budget);
    this.open.add(session);
    socket.once("close", () => {
      this.open.delete(session);
      budget.connections--;
      if (!budget.connections) this.budgets.delete(address);
      session.closed();
    });
  }

  /** Calls the Worker (sessions use it for registration, authentication and their commands). */
  call<T>(path: string, body: unknown): Promise<T> {
    return this.worker.call<T>(path, body);
  }

  /** Whether the command is new to this gateway (and from now on is not). */
  firstHandOver(id: number): boolean {
    if (this.handedOver.has(id)) return false;
    this.handedOver.add(id);
    // the oldest go first: by then the Worker knows them as sent and lists them no more
    if (this.handedOver.size > 50_000) this.handedOver.delete(this.handedOver.values().next().value!);
    return true;
  }

  /** Queues a command's new state for the Worker (sent within 200 ms, in one call with the others). */
  commandUpdate(update: Record<string, unknown>): void {
    this.updates.push(update);
  }

  private async flushUpdates(): Promise<void> {
    while (this.updates.length) {
      const chunk = this.updates.splice(0, 500);
      try {
        await this.worker.call("commands/state", { updates: chunk });
      } catch (error) {
        // kept for the next round (the Worker is away); a state is only ever moved forwards, so resending is safe
        this.updates.unshift(...chunk);
        this.log(`command states not delivered: ${error instanceof Error ? error.message : String(error)}`);
        return;
      }
    }
  }

  /** The commands queued since the last look, delivered to the terminals connected here. */
  private async pollCommands(): Promise<void> {
    try {
      const { commands, cursor } = await this.worker.call<{ commands: Command[]; cursor: number }>("commands", { after: this.commandCursor });
      this.commandCursor = cursor;
      for (const command of commands) this.sessions.get(normalizePhone(command.phone))?.deliver(command);
    } catch {
      // the Worker is away: asked again next second
    }
  }

  /** A session authenticated: an older connection of the same terminal is closed (the terminal reconnected). */
  authenticated(phone: string, session: Session): void {
    const older = this.sessions.get(phone);
    if (older && older !== session) older.close("the terminal connected again");
    this.sessions.set(phone, session);
  }

  released(phone: string, session: Session): void {
    if (this.sessions.get(phone) === session) this.sessions.delete(phone);
  }
}

export class Session {
  private readonly frames = new FrameReader(4096);
  private readonly parts = new Reassembler();
  /** the authenticated terminal's phone (normalized); null until it authenticates */
  phone: string | null = null;
  private edition: 2013 | 2019 = 2013;
  private protocolVersion = 1;
  private rawPhone = "";
  private serial = 0;
  private authFailures = 0;
  private lastHeartbeatForwarded = 0;
  private readonly awaiting = new Map<number, Awaiting>();
  private ended = false;
  /** packets are handled one after another: a report's answer waits for its storing, the next packet for it */
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly gateway: Gateway,
    private readonly socket: Socket,
    private readonly budget: AddressBudget,
  ) {
    socket.setNoDelay(true);
    socket.setTimeout(gateway.options.idleTimeoutMs ?? 180_000, () => this.close("idle"));
    socket.on("data", (chunk: Buffer) => this.read(chunk));
    socket.on("error", () => this.close("socket error"));
  }

  private read(chunk: Buffer): void {
    if (!this.budget.take(chunk.length)) return this.close("too many bytes from this address");
    for (const frame of this.frames.push(chunk)) {
      this.gateway.stats.frames++;
      this.chain = this.chain.then(() => this.handleFrame(frame)).catch((error: unknown) => this.close(`error: ${error instanceof Error ? error.message : String(error)}`));
    }
  }

  close(why: string): void {
    if (this.ended) return;
    this.ended = true;
    this.gateway.log(`connection of ${this.phone ?? "an unauthenticated terminal"} closed: ${why}`);
    this.socket.destroy();
  }

  closed(): void {
    this.ended = true;
    if (this.phone) this.gateway.released(this.phone, this);
  }

  private send(msgId: number, body: Uint8Array): number {
    const serial = this.serial;
    this.serial = (this.serial + 1) & 0xffff;
    if (!this.ended) this.socket.write(encodePacket({ msgId, phone: this.rawPhone, serial, edition: this.edition, protocolVersion: this.protocolVersion, body }));
    return serial;
  }

  private respond(to: { serial: number; msgId: number }, result: 0 | 1 | 2 | 3 | 4): void {
    this.send(MSG.platformResponse, encodeGeneralResponse({ serial: to.serial, msgId: to.msgId, result }));
  }

  private async handleFrame(frame: Uint8Array): Promise<void> {
    if (this.ended) return;
    const decoded = decodePacket(frame);
    if (!decoded.ok) {
      this.gateway.stats.badFrames++;
      // a damaged frame is answered "bad message" when its header can be read, so the terminal sends it again
      if (decoded.partial && (!this.phone || normalizePhone(decoded.partial.phone) === this.phone)) {
        this.rawPhone ||= decoded.partial.phone;
        this.respond(decoded.partial, 2);
      }
      return;
    }
    const part = decoded.packet;
    if (this.phone && normalizePhone(part.phone) !== this.phone) return this.close("a packet for another terminal on an authenticated connection");
    this.rawPhone = part.phone;
    this.edition = part.edition;
    this.protocolVersion = part.protocolVersion || 1;
    const packet = this.parts.add(part, Date.now());
    if (!packet) {
      // one part of a split message: each part is answered as it arrives
      this.respond(part, 0);
      return;
    }
    await this.handle(packet, part);
  }

  private async handle(packet: Packet, last: Packet): Promise<void> {
    const message = decodeMessage(packet, this.gateway.tz);
    const answer = { serial: last.serial, msgId: packet.msgId };
    switch (message.kind) {
      case "register": {
        const phone = normalizePhone(packet.phone);
        const r = await this.gateway.call<{ result: 0 | 1 | 2 | 3 | 4; authCode?: string }>("register", { phone }).catch(() => null);
        // the Worker away: "no such terminal" would tell the terminal to give up; failure to answer lets it retry
        if (!r) return this.respond(answer, 1);
        this.send(MSG.registerResponse, encodeRegisterResponse({ serial: last.serial, result: r.result, authCode: r.authCode }));
        return;
      }
      case "authenticate": {
        const phone = normalizePhone(packet.phone);
        const r = await this.gateway.call<{ ok: boolean }>("authenticate", { phone, code: message.value.code }).catch(() => null);
        if (!r?.ok) {
          this.respond(answer, 1);
          if (r && ++this.authFailures >= MAX_AUTH_FAILURES) this.close("wrong authentication code");
          return;
        }
        this.phone = phone;
        this.gateway.authenticated(phone, this);
        this.respond(answer, 0);
        this.lastHeartbeatForwarded = Date.now();
        void this.forward({ phone, points: [] });
        void this.pendingCommands(phone);
        return;
      }
      case "heartbeat": {
        if (!this.phone) return this.respond(answer, 1);
        this.respond(answer, 0);
        if (Date.now() - this.lastHeartbeatForwarded >= HEARTBEAT_FORWARD_MS) {
          this.lastHeartbeatForwarded = Date.now();
          void this.forward({ phone: this.phone, points: [] });
        }
        return;
      }
      case "logout":
        this.respond(answer, 0);
        return this.close("logout");
      case "location":
      case "batch": {
        if (!this.phone) return this.close("a report before authenticating");
        const points = message.kind === "location" ? [pointOf(message.value)] : message.value.items.map(pointOf);
        const outcome = await this.forward({ phone: this.phone, points, history: message.kind === "batch" && message.value.kind === 1 });
        return this.respond(answer, resultOf(outcome));
      }
      case "terminalResponse": {
        const waiting = this.awaiting.get(message.value.serial);
        if (!waiting || waiting.msgId !== message.value.msgId) return;
        const ok = message.value.result === 0;
        if (waiting.awaits === "upgrade" && ok) {
          // the terminal took the upgrade: it downloads and installs now, and says how it went with 0x0108
          this.gateway.commandUpdate({ id: waiting.command.id, phone: waiting.command.phone, state: "acked" });
          return;
        }
        if (waiting.awaits !== "response" && ok) return;
        this.awaiting.delete(message.value.serial);
        this.gateway.commandUpdate({ id: waiting.command.id, phone: waiting.command.phone, state: ok ? "done" : "failed", result: RESPONSE_RESULT[message.value.result] ?? String(message.value.result) });
        return;
      }
      case "paramsReply":
      case "locationReply": {
        const waiting = this.awaiting.get(message.value.serial);
        if (message.kind === "locationReply" && this.phone) void this.forward({ phone: this.phone, points: [pointOf(message.value.location)] });
        if (!waiting) return;
        this.awaiting.delete(message.value.serial);
        const result = message.kind === "paramsReply" ? JSON.stringify(message.value.params) : JSON.stringify(pointOf(message.value.location));
        this.gateway.commandUpdate({ id: waiting.command.id, phone: waiting.command.phone, state: "done", result });
        return;
      }
      case "upgradeResult": {
        this.respond(answer, 0);
        const entry = [...this.awaiting.entries()].find(([, w]) => w.awaits === "upgrade");
        if (!entry) return;
        this.awaiting.delete(entry[0]);
        const result = ["success", "failed", "cancelled"][message.value.result] ?? String(message.value.result);
        this.gateway.commandUpdate({ id: entry[1].command.id, phone: entry[1].command.phone, state: message.value.result === 0 ? "done" : "failed", result });
        return;
      }
      case "passthroughUp":
      case "attributesReply":
        return this.respond(answer, 0);
      case "malformed":
        this.gateway.stats.badFrames++;
        return this.respond(answer, 2);
      default:
        // platform messages sent up, or ids this gateway does not know
        return this.respond(answer, 3);
    }
  }

  private forward(report: Report): Promise<Outcome> {
    return this.gateway.forwarder.send(report);
  }

  private async pendingCommands(phone: string): Promise<void> {
    const r = await this.gateway.call<{ commands: Command[] }>("commands", { phone }).catch(() => null);
    for (const command of r?.commands ?? []) this.deliver(command);
  }

  /** Sends a command down this connection and tells the Worker it went (with the serial its answer will name). */
  deliver(command: Command): void {
    if (this.ended || !this.phone || !this.gateway.firstHandOver(command.id)) return;
    const message = outgoing(command, this.edition);
    if ("refused" in message) {
      this.gateway.commandUpdate({ id: command.id, phone: command.phone, state: "failed", result: message.refused });
      return;
    }
    if (this.awaiting.size >= MAX_AWAITING) this.awaiting.delete(this.awaiting.keys().next().value!);
    const serial = this.send(message.msgId, message.body);
    this.awaiting.set(serial, { command, msgId: message.msgId, awaits: message.awaits });
    this.gateway.stats.commandsSent++;
    this.gateway.commandUpdate({ id: command.id, phone: command.phone, state: "sent", serial });
  }
}

/** The general response's result for a report: stored or buffered 0; a point the Worker refused 2; refused 1. */
function resultOf(outcome: Outcome): 0 | 1 | 2 {
  if (outcome.kind === "refused") return 1;
  if (outcome.kind === "stored" && outcome.rejected > 0 && outcome.accepted + outcome.duplicates === 0) return 2;
  return 0;
}
