import { useCallback, useEffect, useRef, useState } from "react";
import type { GeoFailure } from "./config";
import type { LngLat } from "./coords";
import { addressAt } from "./geocode";

/** Arrow keys move a marker in steps: the address is looked up once the marker rests. */
const SETTLE_MS = 400;

export type AddressLookup = "idle" | "looking" | "none" | GeoFailure;

/**
 * Reverse geocoding for a map picker: `lookup(point)` asks /api/geo/reverse once the point has rested a moment and
 * hands a found address to `onAddress`; only the newest point's answer counts. `status` says what happened, so the
 * dialog can tell the user to type the address when nothing came back.
 */
export function useAddressLookup(enabled: boolean, onAddress: (address: string) => void) {
  const [status, setStatus] = useState<AddressLookup>("idle");
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const pending = useRef<AbortController | null>(null);
  const found = useRef(onAddress);
  found.current = onAddress;

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    pending.current?.abort();
    pending.current = null;
  }, []);
  useEffect(() => cancel, [cancel]);

  const lookup = useCallback(
    (point: LngLat) => {
      cancel();
      if (!enabled) return;
      setStatus("looking");
      timer.current = setTimeout(() => {
        const controller = new AbortController();
        pending.current = controller;
        addressAt(point, controller.signal)
          .then((r) => {
            if (controller.signal.aborted) return;
            if (!r.ok) return setStatus(r.reason);
            if (!r.data.address) return setStatus("none");
            setStatus("idle");
            found.current(r.data.address);
          })
          .catch(() => undefined);
      }, SETTLE_MS);
    },
    [enabled, cancel],
  );
  const reset = useCallback(() => {
    cancel();
    setStatus("idle");
  }, [cancel]);
  return { status, lookup, reset };
}
