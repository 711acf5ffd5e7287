import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";
import { encodeServerMessage, parseClientMessage, type ServerMessage, type Topic } from "./protocol";

/** Per-socket state kept in the hibernation attachment, so it survives the object sleeping. */
interface Attachment {
  userId: number;
  tenantId: number;
  topics: Topic[];
}

export const HUB_USER_HEADER = "X-Derrick-User";
export const HUB_TENANT_HEADER = "X-Derrick-Tenant";

/** The hub of one tenant: holds its subscribers (and, with the telematics work, live vehicle state). */
export class FleetHub extends DurableObject<Env> {
  private seq = 0;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Heartbeats are answered by the runtime without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('{"type":"ping"}', '{"type":"pong"}'));
    ctx.blockConcurrencyWhile(async () => {
      this.seq = (await ctx.storage.get<number>("seq")) ?? 0;
    });
  }

  /** The hub belongs to the first tenant that uses it; any other tenant is refused. */
  private async ownTenant(tenantId: number): Promise<boolean> {
    const stored = await this.ctx.storage.get<number>("tenantId");
    if (stored === undefined) {
      await this.ctx.storage.put("tenantId", tenantId);
      return true;
    }
    return stored === tenantId;
  }

  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response("Expected a WebSocket upgrade", { status: 426 });
    const userId = Number(request.headers.get(HUB_USER_HEADER));
    const tenantId = Number(request.headers.get(HUB_TENANT_HEADER));
    if (!userId || !tenantId || !(await this.ownTenant(tenantId))) return new Response("Forbidden", { status: 403 });
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment({ userId, tenantId, topics: [] } satisfies Attachment);
    this.send(server, { type: "hello", tenantId, userId });
    return new Response(null, { status: 101, webSocket: client });
  }

  private send(ws: WebSocket, message: ServerMessage) {
    try {
      ws.send(encodeServerMessage(message));
    } catch {
      // a socket closing under us is not an error for the others
    }
  }

  async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer) {
    const message = parseClientMessage(raw);
    if (!message) return this.send(ws, { type: "error", message: "invalid message" });
    const state = ws.deserializeAttachment() as Attachment;
    if (message.type === "ping") return this.send(ws, { type: "pong" });
    const topics = new Set(state.topics);
    for (const t of message.topics) {
      if (message.type === "subscribe") topics.add(t);
      else topics.delete(t);
    }
    state.topics = [...topics];
    ws.serializeAttachment(state);
    this.send(ws, { type: "subscribed", topics: state.topics });
  }

  async webSocketClose(ws: WebSocket, code: number) {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, "closed");
    } catch {
      // already closed
    }
  }

  async webSocketError(ws: WebSocket) {
    await this.webSocketClose(ws, 1011);
  }

  /** Sends an event to every socket subscribed to its topic; returns how many received it. */
  async publish(topic: Topic, payload: unknown): Promise<number> {
    this.seq += 1;
    this.ctx.storage.put("seq", this.seq);
    let delivered = 0;
    for (const ws of this.ctx.getWebSockets()) {
      const state = ws.deserializeAttachment() as Attachment | null;
      if (!state?.topics.includes(topic)) continue;
      this.send(ws, { type: "event", topic, seq: this.seq, payload });
      delivered++;
    }
    return delivered;
  }

  /** Number of open sockets (for tests and the health view). */
  async connections(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }
}

/** The hub of a tenant: one Durable Object per tenant, by name. */
export function hubFor(env: Env, tenantId: number) {
  return env.FLEET_HUB.get(env.FLEET_HUB.idFromName(`tenant:${tenantId}`));
}
