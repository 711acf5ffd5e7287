import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { ClientMessage, ServerMessage } from "../../../workers/fleet-hub/protocol";
import { LiveStore, type Connection } from "./live-store";

/** quiet longer than this (no frame, no pong) means the link is dead even if the socket says open */
const SILENCE_MS = 45_000;
const PING_MS = 20_000;
const BACKOFF_MS = [1000, 2000, 4000, 8000, 15000, 30000];

/**
 * Keeps the monitoring screen's LiveStore fed from the same-origin `/hub` socket: watches every visible vehicle with
 * map fields only, the counts, and full fields for the selected vehicle (`detail`); acknowledges every frame; pings;
 * reconnects with back-off and resumes from the last applied seq (the hub answers with what changed since).
 * Returns the store (stable) and the connection state.
 */
export function useFleetLive(selectedId: number | null): { store: LiveStore; connection: Connection } {
  const [store] = useState(() => new LiveStore());
  const socket = useRef<WebSocket | null>(null);
  const selected = useRef(selectedId);
  selected.current = selectedId;

  const watch = (): ClientMessage => ({
    type: "watch",
    vehicles: "all",
    counts: true,
    fields: "map",
    detail: selected.current ? [selected.current] : [],
    hz: 1,
    ...(store.seq !== null ? { since: store.seq } : {}),
  });
  const watchRef = useRef(watch);
  watchRef.current = watch;

  useEffect(() => {
    let closed = false;
    let attempt = 0;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let pinger: ReturnType<typeof setInterval> | null = null;
    let lastHeard = Date.now();

    const connect = () => {
      if (closed) return;
      store.setConnection(attempt === 0 ? "connecting" : "reconnecting");
      const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/hub`;
      let ws: WebSocket;
      try {
        ws = new WebSocket(url);
      } catch {
        return scheduleRetry();
      }
      socket.current = ws;
      ws.onopen = () => {
        attempt = 0;
        lastHeard = Date.now();
        ws.send(JSON.stringify(watchRef.current()));
      };
      ws.onmessage = (e) => {
        lastHeard = Date.now();
        let message: ServerMessage;
        try {
          message = JSON.parse(String(e.data)) as ServerMessage;
        } catch {
          return;
        }
        if (message.type === "snapshot" || message.type === "delta") store.setConnection("open");
        const ack = store.apply(message);
        if (ack !== null && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "ack", seq: ack } satisfies ClientMessage));
      };
      ws.onclose = () => {
        if (socket.current === ws) socket.current = null;
        scheduleRetry();
      };
      ws.onerror = () => ws.close();
    };

    const scheduleRetry = () => {
      if (closed || retry) return;
      // after a few failures the hub counts as unreachable (the screen says so) while we keep trying
      store.setConnection(attempt >= 2 ? "offline" : "reconnecting");
      const base = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]!;
      attempt++;
      retry = setTimeout(() => {
        retry = null;
        connect();
      }, base + Math.random() * base * 0.3);
    };

    pinger = setInterval(() => {
      const ws = socket.current;
      if (!ws || ws.readyState !== WebSocket.OPEN) return;
      if (Date.now() - lastHeard > SILENCE_MS) return ws.close();
      ws.send(JSON.stringify({ type: "ping" } satisfies ClientMessage));
    }, PING_MS);

    // back online or back in view: do not wait for the back-off
    const wake = () => {
      if (document.visibilityState === "hidden" || socket.current) return;
      if (retry) clearTimeout(retry);
      retry = null;
      connect();
    };
    window.addEventListener("online", wake);
    document.addEventListener("visibilitychange", wake);

    connect();
    return () => {
      closed = true;
      if (retry) clearTimeout(retry);
      if (pinger) clearInterval(pinger);
      window.removeEventListener("online", wake);
      document.removeEventListener("visibilitychange", wake);
      socket.current?.close(1000);
      socket.current = null;
    };
  }, [store]);

  // a new selection: the same watch with the new detail vehicle, resumed from the last seq (no new snapshot)
  useEffect(() => {
    const ws = socket.current;
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(watchRef.current()));
  }, [selectedId]);

  const connection = useSyncExternalStore(store.subscribe, store.getConnection, () => "connecting" as Connection);
  return { store, connection };
}
