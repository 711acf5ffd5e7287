import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { ClientMessage } from "../../../workers/fleet-hub/protocol";
import { openHubSocket } from "~/modules/hub-client/open-hub-socket";
import { LiveStore, type Connection } from "./live-store";

/** quiet longer than this (no frame, no pong) means the link is dead even if the socket says open */
const SILENCE_MS = 45_000;
const PING_MS = 20_000;
const BACKOFF_MS = [1000, 2000, 4000, 8000, 15000, 30000];

/**
 * Keeps the monitoring screen's LiveStore fed from the same-origin `/hub` socket: watches every visible vehicle with
 * map fields only, the counts, and full fields for the selected vehicle (`detail`); acknowledges the frames the hub
 * asks it to; pings; reconnects with back-off and resumes from the last applied seq (the hub answers with what
 * changed since). Returns the store (stable) and the connection state.
 */
export function useFleetLive(selectedId: number | null): { store: LiveStore; connection: Connection } {
  const [store] = useState(() => new LiveStore());
  const socket = useRef<ReturnType<typeof openHubSocket> | null>(null);
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
    const hub = openHubSocket({
      watch: () => watchRef.current(),
      onFrame: (message) => store.apply(message),
      onStatus: (status) => store.setConnection(status),
      // after a few failures the hub counts as unreachable (the screen says so) while we keep trying
      offlineAfter: 2,
      backoffMs: BACKOFF_MS,
      pingMs: PING_MS,
      silenceMs: SILENCE_MS,
    });
    socket.current = hub;
    return () => {
      hub.close();
      socket.current = null;
    };
  }, [store]);

  // a new selection: the same watch with the new detail vehicle, resumed from the last seq (no new snapshot)
  useEffect(() => {
    socket.current?.send(watchRef.current());
  }, [selectedId]);

  const connection = useSyncExternalStore(store.subscribe, store.getConnection, () => "connecting" as Connection);
  return { store, connection };
}
