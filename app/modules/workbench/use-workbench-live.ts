import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { FleetCounts } from "../../../workers/fleet-hub/protocol";
import { openHubSocket, type HubSocketStatus } from "~/modules/hub-client/open-hub-socket";
import { workbenchWatch, type WorkbenchParts } from "./workbench";

const BACKOFF_MS = [1000, 2000, 5000, 10_000, 30_000];
const PING_MS = 25_000;
const SILENCE_MS = 60_000;
/** after a pushed alarm, give the hub's flush (about a second) time before reading the figures again */
const REFRESH_AFTER_MS = 2500;
/** read again while a pushed alarm is not among the newest yet (a slow flush), at most this many times */
const MORE_TRIES = 3;

/**
 * The workbench's live figures: the hub's fleet counts for the user's scope (the monitoring screen's counters, the
 * same status rules), and, when alarms are raised, the page's alarm figures read again once they are stored (until
 * the pushed alarms are among the newest the page shows). Resumes from the last seq after a reconnect.
 */
export function useWorkbenchLive(parts: WorkbenchParts, newestKeys: string[]): { counts: FleetCounts | null; connection: HubSocketStatus } {
  const [counts, setCounts] = useState<FleetCounts | null>(null);
  const [connection, setConnection] = useState<HubSocketStatus>("connecting");
  const { revalidate } = useRevalidator();
  const refresh = useRef({ pending: new Set<string>(), tries: 0, timer: null as ReturnType<typeof setTimeout> | null });
  const later = useRef((wait: number) => {
    const r = refresh.current;
    if (r.timer) return;
    r.timer = setTimeout(() => {
      r.timer = null;
      revalidate();
    }, wait);
  });
  const { fleet, alarms } = parts;

  useEffect(() => {
    let lastSeq: number | null = null;
    if (!workbenchWatch({ fleet, alarms }, null)) return;
    const r = refresh.current;
    const hub = openHubSocket({
      watch: () => workbenchWatch({ fleet, alarms }, lastSeq)!,
      onFrame: (message) => {
        if (message.type !== "snapshot" && message.type !== "delta") return null;
        lastSeq = message.seq;
        if (message.counts) setCounts(message.counts);
        if (message.type === "delta" && message.alarms?.length) {
          for (const a of message.alarms) r.pending.add(a.key);
          r.tries = 0;
          later.current(REFRESH_AFTER_MS);
        }
        return message.seq;
      },
      onStatus: setConnection,
      offlineAfter: 2,
      backoffMs: BACKOFF_MS,
      pingMs: PING_MS,
      silenceMs: SILENCE_MS,
    });
    return () => {
      hub.close();
      if (r.timer) clearTimeout(r.timer);
      r.timer = null;
    };
  }, [fleet, alarms]);

  // each new reading: the pushed alarms it shows are done; the others get another read, a few times
  useEffect(() => {
    const r = refresh.current;
    for (const key of newestKeys) r.pending.delete(key);
    if (!r.pending.size) return;
    if (r.tries >= MORE_TRIES) return r.pending.clear();
    r.tries++;
    later.current(REFRESH_AFTER_MS);
  }, [newestKeys]);

  return { counts, connection };
}
