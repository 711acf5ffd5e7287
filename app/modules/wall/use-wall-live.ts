import { useEffect, useState, useSyncExternalStore } from "react";
import type { ClientMessage } from "../../../workers/fleet-hub/protocol";
import { openHubSocket } from "~/modules/hub-client/open-hub-socket";
import { LiveStore, type Connection } from "~/modules/monitor/live-store";

const SILENCE_MS = 45_000;
/** a wall screen pings more often than a desk: its 'data as of' is at most this old while the link is up */
const PING_MS = 15_000;
const BACKOFF_MS = [1000, 2000, 4000, 8000, 15000, 30000];
/**
 * A wall's map takes a frame every 4 s (the hub coalesces the moves between): a thousand machines all moving cost
 * about 7 KB/s instead of 30 (the budget is 10), and a wall is read from across a room. Few machines with every
 * field (the towers' monitors) take one a second.
 */
const MAP_HZ = 0.25;

/**
 * A big screen's live feed: the same `/hub` protocol as the monitoring map (map fields, counts, resumed from the last
 * seq after a dropped link, no reload), through the screen link's address when there is one. Returns the store, the
 * connection, and when the hub was last heard (a frame or a pong): the screen's 'data as of'. `only`: these machines
 * (a customer's, within the user's scope), counts included; otherwise all the socket may see. The screen is mounted
 * anew for another set (its key), so the set is read once. `fields` "all": every live field (a tower's monitor values),
 * for screens of few machines.
 */
export function useWallLive(link: string | null, only: number[] | null = null, fields: "map" | "all" = "map"): { store: LiveStore; connection: Connection; heardAt: number | null } {
  const [store] = useState(() => new LiveStore());
  const [heardAt, setHeardAt] = useState<number | null>(null);
  useEffect(() => {
    let shown = 0;
    const hub = openHubSocket({
      path: link ? `/hub?link=${encodeURIComponent(link)}` : "/hub",
      watch: (): ClientMessage => ({ type: "watch", vehicles: only ?? "all", counts: true, fields, hz: fields === "all" ? 1 : MAP_HZ, ...(store.seq !== null ? { since: store.seq } : {}) }),
      onFrame: (message) => store.apply(message),
      onStatus: (status) => store.setConnection(status),
      // at most one render a second for the time shown
      onHeard: (at) => {
        if (at - shown < 1000) return;
        shown = at;
        setHeardAt(at);
      },
      offlineAfter: 2,
      backoffMs: BACKOFF_MS,
      pingMs: PING_MS,
      silenceMs: SILENCE_MS,
    });
    return () => hub.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `only` is fixed for the screen's life (see above)
  }, [store, link]);
  const connection = useSyncExternalStore(store.subscribe, store.getConnection, () => "connecting" as Connection);
  return { store, connection, heardAt };
}
