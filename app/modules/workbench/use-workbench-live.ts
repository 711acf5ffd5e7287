import { useEffect, useRef, useState } from "react";
import type { FleetCounts } from "../../../workers/fleet-hub/protocol";
import { openHubSocket, type HubSocketStatus } from "~/modules/hub-client/open-hub-socket";
import { workbenchWatch, type WorkbenchParts } from "./workbench";

const BACKOFF_MS = [1000, 2000, 5000, 10_000, 30_000];
const PING_MS = 25_000;
const SILENCE_MS = 60_000;

/**
 * The workbench's live figures: the hub's fleet counts for the user's scope (the monitoring screen's counters, the
 * same status rules), and a call when alarms are raised (the page then reads its alarm figures again). Resumes from
 * the last seq after a reconnect.
 */
export function useWorkbenchLive(parts: WorkbenchParts, onAlarms: () => void): { counts: FleetCounts | null; connection: HubSocketStatus } {
  const [counts, setCounts] = useState<FleetCounts | null>(null);
  const [connection, setConnection] = useState<HubSocketStatus>("connecting");
  const handler = useRef(onAlarms);
  handler.current = onAlarms;
  const { fleet, alarms } = parts;

  useEffect(() => {
    let lastSeq: number | null = null;
    if (!workbenchWatch({ fleet, alarms }, null)) return;
    const hub = openHubSocket({
      watch: () => workbenchWatch({ fleet, alarms }, lastSeq)!,
      onFrame: (message) => {
        if (message.type !== "snapshot" && message.type !== "delta") return null;
        lastSeq = message.seq;
        if (message.counts) setCounts(message.counts);
        if (message.type === "delta" && message.alarms?.length) handler.current();
        return message.seq;
      },
      onStatus: setConnection,
      offlineAfter: 2,
      backoffMs: BACKOFF_MS,
      pingMs: PING_MS,
      silenceMs: SILENCE_MS,
    });
    return hub.close;
  }, [fleet, alarms]);

  return { counts, connection };
}
