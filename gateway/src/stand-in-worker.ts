/**
 * A small HTTP server in the Worker's place for the gateway's node tests (gateway.test.ts, the demo terminal's test in
 * scripts/): it answers the gateway's five calls the way the Worker does (a phone registers once and then answers 3,
 * the code authenticates, batches are stored, commands handed over and their states taken) and can be switched off.
 * The Worker's own side of the calls is tested in tests/worker/jt808-gateway.test.ts.
 */
import { createServer } from "node:http";

export interface StandInWorker {
  url: string;
  port: number;
  /** false: every call answers 503, as a Worker that is down */
  up: boolean;
  batches: { phone: string; points: { t: number; lng: number }[]; history?: boolean }[][];
  updates: Record<string, unknown>[];
  pending: { id: number; phone: string; kind: string; payload: Record<string, unknown> }[];
  /** phones given their code (a second registration answers 3 until `registered.delete(phone)`, the reset) */
  registered: Set<string>;
  close(): Promise<void>;
}

export async function startStandInWorker(o: { secret: string; known: readonly string[]; code: string }): Promise<StandInWorker> {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      if (!standIn.up) return res.writeHead(503).end("down");
      if (req.headers.authorization !== `Bearer ${o.secret}`) return res.writeHead(401).end("{}");
      const input = JSON.parse(body) as Record<string, unknown>;
      const answer = (value: unknown) => res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(value));
      const known = o.known.includes(input.phone as string);
      switch (req.url) {
        case "/ingest/gateway/v1/register":
          if (!known) return answer({ result: 4 });
          if (standIn.registered.has(input.phone as string)) return answer({ result: 3 });
          standIn.registered.add(input.phone as string);
          return answer({ result: 0, authCode: o.code });
        case "/ingest/gateway/v1/authenticate":
          return answer({ ok: known && input.code === o.code });
        case "/ingest/gateway/v1/batch": {
          const reports = input.reports as StandInWorker["batches"][number];
          standIn.batches.push(reports);
          return answer({ results: reports.map((r) => ({ accepted: r.points.length, duplicates: 0, late: 0, rejected: [] })) });
        }
        case "/ingest/gateway/v1/commands": {
          const list = input.phone ? standIn.pending.filter((c) => c.phone === input.phone) : standIn.pending.filter((c) => c.id > Number(input.after));
          return answer({ commands: list, cursor: list.at(-1)?.id ?? input.after ?? 0 });
        }
        case "/ingest/gateway/v1/commands/state":
          standIn.updates.push(...(input.updates as Record<string, unknown>[]));
          return answer({ updated: 1, stale: [], rejected: [] });
        default:
          res.writeHead(404).end("{}");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const standIn: StandInWorker = {
    url: `http://127.0.0.1:${port}`,
    port,
    up: true,
    batches: [],
    updates: [],
    pending: [],
    registered: new Set(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return standIn;
}
