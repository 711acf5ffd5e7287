import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocketServer, type WebSocket as ServerSocket } from "ws";
import type { FanoutSocket } from "./fanout-rounds";
import { openLean } from "./lean-socket";

// The fan-out bench's client against the ws library's server, which checks the protocol strictly (masking, lengths).
let server: WebSocketServer | null = null;

async function serve(options: ConstructorParameters<typeof WebSocketServer>[0] = {}) {
  server = new WebSocketServer({ port: 0, host: "127.0.0.1", ...options });
  await new Promise((r) => server!.once("listening", r));
  const connections: { ws: ServerSocket; cookie: string | undefined }[] = [];
  server.on("connection", (ws, req) => connections.push({ ws, cookie: req.headers.cookie }));
  return { url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/hub?x=1`, connections };
}

const until = async (ok: () => boolean) => {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(ok()).toBe(true);
};

afterEach(async () => {
  await new Promise((r) => server?.close(r) ?? r(null));
  server = null;
});

describe("lean WebSocket client", () => {
  it("opens with the given headers and sends masked text frames of every length class", async () => {
    const { url, connections } = await serve();
    const socket = await openLean(url, { Cookie: "derrick_session=abc" });
    await until(() => connections.length === 1);
    expect(connections[0]!.cookie).toBe("derrick_session=abc");
    const got: string[] = [];
    connections[0]!.ws.on("message", (data) => got.push(String(data)));
    const texts = ["ack", "a".repeat(200), "中".repeat(30_000)];
    for (const t of texts) socket.send(t);
    await until(() => got.length === 3);
    expect(got).toEqual(texts);
    socket.close();
  });

  it("hands over every server frame whole: small, 16-bit and 64-bit lengths, split over reads, fragmented", async () => {
    const { url, connections } = await serve();
    const socket: FanoutSocket = await openLean(url, {});
    const got: string[] = [];
    socket.onMessage((data) => got.push(data.toString("utf8")));
    await until(() => connections.length === 1);
    const ws = connections[0]!.ws;
    const big = JSON.stringify({ type: "snapshot", vehicles: Array.from({ length: 8000 }, (_, i) => ({ id: i, plate: `沪F${i}` })) });
    ws.send('{"type":"hello"}');
    ws.send("x".repeat(300));
    ws.send(big);
    ws.send("part one, ", { fin: false });
    ws.send("part two", { fin: true });
    ws.send("last");
    await until(() => got.length === 5);
    expect(got).toEqual(['{"type":"hello"}', "x".repeat(300), big, "part one, part two", "last"]);
    socket.close();
  });

  it("answers a ping with a pong of the same payload and closes with 1000", async () => {
    const { url, connections } = await serve();
    const socket = await openLean(url, {});
    await until(() => connections.length === 1);
    const ws = connections[0]!.ws;
    const pongs: string[] = [];
    ws.on("pong", (data) => pongs.push(String(data)));
    ws.ping("are you there");
    await until(() => pongs.length === 1);
    expect(pongs).toEqual(["are you there"]);
    const closed = new Promise<number>((r) => ws.once("close", (code) => r(code)));
    socket.close();
    expect(await closed).toBe(1000);
  });

  it("rejects when the server refuses the upgrade", async () => {
    const { url } = await serve({ verifyClient: (_info: unknown, done: (ok: boolean, code?: number) => void) => done(false, 401) });
    await expect(openLean(url, {})).rejects.toThrow(/refused: HTTP\/1\.1 401/);
  });
});
