/**
 * The browser's reconnecting `/hub` socket, shared by the live screens (monitoring, alarm list): sends the watch on
 * every (re)connect, hands each parsed frame to the screen and acknowledges it when the hub asks and the screen
 * agrees, pings and treats a silent link as dead, reconnects with jittered back-off, and does not wait for the
 * back-off when the browser comes back online or into view. The watch is asked for on each connect, so it can resume
 * from a seq.
 */
import { CLOSE_FORBIDDEN, CLOSE_SESSION_ENDED, type ClientMessage, type ServerMessage } from "../../../workers/fleet-hub/protocol";

export type HubSocketStatus = "connecting" | "reconnecting" | "open" | "offline";

export interface HubSocketOptions {
  /** the watch to send on each connect (resuming from the screen's last seq) */
  watch: () => ClientMessage;
  /** a frame from the hub; returns the seq to acknowledge, or null */
  onFrame: (message: ServerMessage) => number | null;
  onStatus: (status: HubSocketStatus) => void;
  backoffMs: number[];
  pingMs: number;
  /** no frame or pong for this long: the link is dead even if the socket says open */
  silenceMs: number;
  /** failed attempts in a row after which the hub counts as unreachable (while retries go on) */
  offlineAfter: number;
  /** status while the first socket connects (default "connecting") */
  reportConnecting?: boolean;
  /** the socket's address on this origin (default "/hub"; a screen link's screen: "/hub?link=<token>") */
  path?: string;
  /** every frame or pong heard (a screen's 'data as of') */
  onHeard?: (at: number) => void;
}

export function openHubSocket(o: HubSocketOptions): { send: (message: ClientMessage) => void; close: () => void } {
  let closed = false;
  let socket: WebSocket | null = null;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let lastHeard = Date.now();

  const connect = () => {
    if (closed) return;
    if (o.reportConnecting !== false) o.onStatus(attempt === 0 ? "connecting" : "reconnecting");
    let ws: WebSocket;
    try {
      ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${o.path ?? "/hub"}`);
    } catch {
      return scheduleRetry();
    }
    socket = ws;
    ws.onopen = () => {
      lastHeard = Date.now();
      ws.send(JSON.stringify(o.watch()));
    };
    ws.onmessage = (e) => {
      lastHeard = Date.now();
      o.onHeard?.(lastHeard);
      let message: ServerMessage;
      try {
        message = JSON.parse(String(e.data)) as ServerMessage;
      } catch {
        return;
      }
      if (message.type === "snapshot" || message.type === "delta") {
        attempt = 0;
        o.onStatus("open");
      }
      const ack = o.onFrame(message);
      // the hub asks for acks on some frames only (ACK_EVERY); one ack answers the frames before it too
      const asked = (message.type === "snapshot" || message.type === "delta") && message.ack === 1;
      if (ack !== null && asked && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "ack", seq: ack } satisfies ClientMessage));
    };
    ws.onclose = (e) => {
      if (socket === ws) socket = null;
      // the session ended or the user lost the screen: no retry; the page loads again and says which (the sign-in
      // page with 会话失效, or 权限不足)
      if (e.code === CLOSE_SESSION_ENDED || e.code === CLOSE_FORBIDDEN) {
        closed = true;
        o.onStatus("offline");
        return location.reload();
      }
      scheduleRetry();
    };
    ws.onerror = () => ws.close();
  };

  const scheduleRetry = () => {
    if (closed || retry) return;
    o.onStatus(attempt >= o.offlineAfter ? "offline" : "reconnecting");
    const base = o.backoffMs[Math.min(attempt, o.backoffMs.length - 1)]!;
    attempt++;
    retry = setTimeout(() => {
      retry = null;
      connect();
    }, base + Math.random() * base * 0.3);
  };

  const pinger = setInterval(() => {
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
    if (Date.now() - lastHeard > o.silenceMs) return socket.close();
    socket.send(JSON.stringify({ type: "ping" } satisfies ClientMessage));
  }, o.pingMs);

  // back online or back in view: do not wait for the back-off
  const wake = () => {
    if (document.visibilityState === "hidden" || socket || !retry) return;
    clearTimeout(retry);
    retry = null;
    connect();
  };
  window.addEventListener("online", wake);
  document.addEventListener("visibilitychange", wake);
  connect();

  return {
    send: (message) => {
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    },
    close: () => {
      closed = true;
      if (retry) clearTimeout(retry);
      clearInterval(pinger);
      window.removeEventListener("online", wake);
      document.removeEventListener("visibilitychange", wake);
      socket?.close(1000);
      socket = null;
    },
  };
}
