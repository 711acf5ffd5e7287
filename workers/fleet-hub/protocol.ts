/**
 * The one message union shared by the hub and its clients (browser, tests). Every message the hub
 * sends is a ServerMessage; every message it accepts is parsed into a ClientMessage or refused.
 */
export type Topic = string;

export type ClientMessage =
  | { type: "subscribe"; topics: Topic[] }
  | { type: "unsubscribe"; topics: Topic[] }
  | { type: "ping" };

export type ServerMessage =
  | { type: "hello"; tenantId: number; userId: number }
  | { type: "subscribed"; topics: Topic[] }
  | { type: "event"; topic: Topic; seq: number; payload: unknown }
  | { type: "error"; message: string }
  | { type: "pong" };

export const MAX_TOPICS = 100;
const TOPIC = /^[A-Za-z0-9:_\-.]{1,64}$/;

function topicsOf(value: unknown): Topic[] | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_TOPICS) return null;
  return value.every((t) => typeof t === "string" && TOPIC.test(t)) ? (value as Topic[]) : null;
}

/** Parses a client frame; null when it is not a valid ClientMessage. */
export function parseClientMessage(raw: string | ArrayBuffer): ClientMessage | null {
  if (typeof raw !== "string" || raw.length > 8192) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const msg = value as Record<string, unknown>;
  if (msg.type === "ping") return { type: "ping" };
  if (msg.type === "subscribe" || msg.type === "unsubscribe") {
    const topics = topicsOf(msg.topics);
    return topics ? { type: msg.type, topics } : null;
  }
  return null;
}

export const encodeServerMessage = (m: ServerMessage): string => JSON.stringify(m);
