import { env, SELF } from "cloudflare:test";
import { vehicles } from "../../db/schema";
import { hubFor } from "../../workers/fleet-hub/client";
import type { ServerMessage } from "../../workers/fleet-hub/protocol";
import { sha256Hex } from "../../workers/telematics/secret";
import { db, ORIGIN, workerFetch } from "./helpers";

let n = 0;
/** A terminal number of 10 letters and digits, unique across the test run. */
export const terminalNo = () => `T${Date.now().toString(36).slice(-5).toUpperCase()}${(n++).toString(36).toUpperCase().padStart(4, "0")}`;

/** A vehicle with a terminal and a known secret, straight into the business database. */
export async function makeVehicle(tenantId: number, opts: { orgId?: number | null; state?: number; deviceIdent?: string; plate?: string } = {}) {
  const no = terminalNo();
  const secret = `secret-${no}`;
  const [row] = await db()
    .insert(vehicles)
    .values({ tenantId, orgId: opts.orgId ?? null, plate: opts.plate ?? `沪A${no.slice(-5)}`, terminalNo: no, terminalSecretHash: await sha256Hex(secret), deviceIdent: opts.deviceIdent ?? null, state: opts.state ?? 1 })
    .returning({ id: vehicles.id });
  await hubFor(env, tenantId).configChanged();
  return { id: row!.id, terminalNo: no, secret, tenantId };
}

export async function ingestPost(path: string, body: unknown, token?: string, raw?: string) {
  return workerFetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: raw ?? JSON.stringify(body),
  });
}

export async function terminalToken(v: { terminalNo: string; secret: string }): Promise<string> {
  const res = await ingestPost("/ingest/v1/auth", { terminalNo: v.terminalNo, secret: v.secret });
  if (res.status !== 200) throw new Error(`auth failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** Posts points for a vehicle and returns the parsed answer. */
export async function report(token: string, points: unknown[]) {
  const res = await ingestPost("/ingest/v1/telemetry", { points }, token);
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

/** Opens /hub as a browser would and collects what the hub sends. */
export async function openHub(cookie: string | null, query = "") {
  const res = await SELF.fetch(`${ORIGIN}/hub${query}`, { headers: { Upgrade: "websocket", ...(cookie ? { Cookie: cookie } : {}) } });
  const ws = res.webSocket;
  const received: ServerMessage[] = [];
  const waiters: (() => void)[] = [];
  if (ws) {
    ws.accept();
    ws.addEventListener("message", (e) => {
      received.push(JSON.parse(e.data as string) as ServerMessage);
      waiters.splice(0).forEach((w) => w());
    });
  }
  /** the next message of a type (and matching a test), waiting up to 5 s */
  const next = async <T extends ServerMessage["type"]>(type: T, test: (m: Extract<ServerMessage, { type: T }>) => boolean = () => true): Promise<Extract<ServerMessage, { type: T }>> => {
    for (let i = 0; i < 50; i++) {
      const found = received.find((m) => m.type === type && test(m as Extract<ServerMessage, { type: T }>));
      if (found) {
        received.splice(received.indexOf(found), 1);
        return found as Extract<ServerMessage, { type: T }>;
      }
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 100);
      });
    }
    throw new Error(`no ${type} message; received ${JSON.stringify(received).slice(0, 500)}`);
  };
  const send = (m: unknown) => ws!.send(JSON.stringify(m));
  return { res, ws, next, received, send };
}
