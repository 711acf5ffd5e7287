/**
 * The gateway alone (docs/jt808.md): a terminal simulator over a real socket, and a small HTTP server in the Worker's
 * place (stand-in-worker.ts) that answers its five calls the way the Worker does and can be switched off, to show what the gateway itself
 * decides: the answers, the refusals, the acknowledgement only after storing or buffering, the disk buffer replayed,
 * commands out and their states back. The Worker's side of the calls is tested in tests/worker/jt808-gateway.test.ts,
 * and the whole chain (npm start's gateway and Worker) in tests/e2e/jt808.spec.ts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Gateway } from "./gateway";
import { encodePacket, escape, MSG } from "./jt808";
import { SimTerminal, simLocation } from "./simulator";
import { startStandInWorker, type StandInWorker } from "./stand-in-worker";

let state: StandInWorker;
let gateway: Gateway;
let port = 0;
const dataDir = mkdtempSync(join(tmpdir(), "jt808-"));
const KNOWN = "13800000001";

beforeAll(async () => {
  state = await startStandInWorker({ secret: "test-gateway-secret", known: [KNOWN], code: "a1b2c3" });
  gateway = new Gateway({ port: 0, host: "127.0.0.1", workerUrl: state.url, secret: "test-gateway-secret", dataDir, commandPollMs: 100, lingerMs: 5 });
  port = await gateway.start();
});

afterAll(async () => {
  await gateway.stop();
  await state.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const terminals: SimTerminal[] = [];
afterEach(() => {
  for (const t of terminals.splice(0)) t.close();
  state.up = true;
});

async function terminal(phone = KNOWN, edition: 2013 | 2019 = 2013): Promise<SimTerminal> {
  const t = new SimTerminal({ host: "127.0.0.1", port, phone, edition });
  terminals.push(t);
  await t.connect();
  return t;
}

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe("JT808 gateway", () => {
  it("registers a known terminal with the Worker's code, refuses an unknown one with 4, and authenticates by the code", async () => {
    const t = await terminal();
    expect(await t.register()).toEqual({ serial: expect.any(Number), result: 0, authCode: "a1b2c3" });
    expect(await t.authenticate("wrong")).toBe(1);
    expect(await t.authenticate("a1b2c3")).toBe(0);
    expect(await t.heartbeat()).toBe(0);
    const stranger = await terminal("13999999999");
    expect((await stranger.register()).result).toBe(4);
  });

  it("acknowledges a report only after the Worker stored it, in both editions, with the point in WGS-84 and UTC", async () => {
    for (const edition of [2013, 2019] as const) {
      const t = await terminal(KNOWN, edition);
      expect(await t.authenticate("a1b2c3")).toBe(0);
      const before = state.batches.length;
      const time = Date.UTC(2026, 11, 4, 2, 0, 5);
      expect(await t.report(simLocation(time, 121.4737, 31.2304))).toBe(0);
      const stored = state.batches.slice(before).flat().find((r) => r.points.length);
      expect(stored).toMatchObject({ phone: KNOWN, points: [{ t: time, lng: 121.4737, lat: 31.2304, speed: 36, mileage: 1234.5, status: { acc: true } }] });
      t.close();
    }
  });

  it("closes a connection that reports before authenticating, or speaks for another terminal after it", async () => {
    const early = await terminal();
    early.send(MSG.location, new Uint8Array(28));
    await until(() => early.closed);
    const t = await terminal();
    expect(await t.authenticate("a1b2c3")).toBe(0);
    t.write(encodePacket({ msgId: MSG.heartbeat, phone: "13800000002", serial: 9, edition: 2013, body: new Uint8Array(0) }));
    await until(() => t.closed);
  });

  it("answers a frame with a bad checksum 'bad message' and goes on", async () => {
    const t = await terminal();
    expect(await t.authenticate("a1b2c3")).toBe(0);
    const frame = encodePacket({ msgId: MSG.heartbeat, phone: KNOWN, serial: 77, edition: 2013, body: new Uint8Array(0) });
    const inner = frame.slice(1, -1);
    inner[inner.length - 1] ^= 0xff;
    const reply = t.responseTo(77);
    t.write(Uint8Array.of(0x7e, ...escape(inner.slice(0, -1)), ...escape(inner.slice(-1)), 0x7e));
    expect(await reply).toBe(2);
    expect(await t.heartbeat()).toBe(0);
  });

  it("while the Worker is away, buffers reports to disk, acknowledges them, and sends them once it is back", async () => {
    const t = await terminal();
    expect(await t.authenticate("a1b2c3")).toBe(0);
    state.up = false;
    const time = Date.UTC(2026, 11, 4, 3, 0, 0);
    expect(await t.report(simLocation(time, 121.5, 31.2))).toBe(0);
    expect(gateway.forwarder.stats.buffered).toBeGreaterThan(0);
    expect(state.batches.flat().some((r) => r.points[0]?.t === time)).toBe(false);
    state.up = true;
    await until(() => (void gateway.forwarder.drain(), state.batches.flat().some((r) => r.points[0]?.t === time)));
    expect(gateway.forwarder.idle).toBe(true);
  });

  it("sends a blind-area batch as history, in order", async () => {
    const t = await terminal();
    expect(await t.authenticate("a1b2c3")).toBe(0);
    const base = Date.UTC(2026, 11, 3, 20, 0, 0);
    expect(await t.batch([simLocation(base, 121.1, 31.1), simLocation(base + 60_000, 121.2, 31.1)])).toBe(0);
    const sent = state.batches.flat().find((r) => r.history);
    expect(sent?.points.map((p) => p.t)).toEqual([base, base + 60_000]);
  });

  it("delivers queued commands over the open connection and reports their states: sent, done, acked, failed", async () => {
    state.pending = [
      { id: 101, phone: KNOWN, kind: "text", payload: { text: "请返回场站" } },
      { id: 102, phone: KNOWN, kind: "ota", payload: { url: "https://example.com/fw.zip", version: "2.1.0" } },
      { id: 103, phone: KNOWN, kind: "query_params", payload: { ids: [1] } },
      { id: 104, phone: KNOWN, kind: "teleport", payload: {} },
    ];
    const t = await terminal();
    expect(await t.authenticate("a1b2c3")).toBe(0);
    await until(() => state.updates.filter((u) => u.state === "done" || u.state === "failed").length >= 4, 8000);
    const of = (id: number) => state.updates.filter((u) => u.id === id).map((u) => u.state);
    expect(of(101)).toEqual(["sent", "done"]);
    expect(of(102)).toEqual(["sent", "acked", "done"]);
    expect(of(103)).toEqual(["sent", "done"]);
    expect(state.updates.find((u) => u.id === 103 && u.state === "done")?.result).toBe(JSON.stringify({ 1: 30, 41: 10 }));
    expect(of(104)).toEqual(["failed"]);
    expect(t.received.find((r) => r.message.kind === "text")?.message).toMatchObject({ value: { text: "请返回场站" } });
    state.pending = [];
  });

  it("limits connections and bytes per address", async () => {
    const strict = new Gateway({ port: 0, host: "127.0.0.1", workerUrl: state.url, secret: "test-gateway-secret", dataDir: join(dataDir, "strict"), maxConnectionsPerAddress: 2, bytesPerSecondPerAddress: 1000 });
    const strictPort = await strict.start();
    try {
      const open = async () => {
        const t = new SimTerminal({ host: "127.0.0.1", port: strictPort, phone: KNOWN });
        terminals.push(t);
        await t.connect();
        return t;
      };
      const [first, second, third] = [await open(), await open(), await open()];
      await until(() => third!.closed);
      expect(first!.closed || second!.closed).toBe(false);
      expect(strict.stats.refusedConnections).toBe(1);
      // four seconds' worth of bytes at once is the most an address may send; past it the connection goes
      first!.write(new Uint8Array(5000).fill(0x30));
      await until(() => first!.closed);
    } finally {
      await strict.stop();
    }
  });
});
