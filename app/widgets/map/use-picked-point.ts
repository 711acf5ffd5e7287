import { useState } from "react";
import { PLACE_ZOOM, type Place } from "./config";
import type { LngLat } from "./coords";
import { useAddressLookup } from "./use-address-lookup";

/**
 * A map dialog's chosen point and address (the picker's and the sign-in map's): a click or a drag on the map sets the
 * point and looks up its address (when geocoding is on); a place chosen in the search sets both and the zoom its kind
 * of place deserves (spec §9: 7 / 11 / 16). `reset` goes back to what the dialog opened with.
 */
export function usePickedPoint(start: { point: LngLat | null; address: string }, geocoding: boolean, addressMax: number) {
  const [draft, setDraft] = useState<LngLat | null>(start.point);
  const [address, setAddress] = useState(start.address);
  const [focus, setFocus] = useState<{ point: LngLat; zoom: number } | null>(null);
  const address$ = useAddressLookup(geocoding, setAddress);
  return {
    draft,
    address,
    setAddress,
    focus,
    lookup: address$,
    reset() {
      setDraft(start.point);
      setAddress(start.address);
      setFocus(null);
      address$.reset();
    },
    fromMap(p: LngLat) {
      setDraft(p);
      address$.lookup(p);
    },
    fromSearch(p: Place) {
      address$.reset();
      setDraft([p.lng, p.lat]);
      setAddress(p.address.slice(0, addressMax));
      setFocus({ point: [p.lng, p.lat], zoom: PLACE_ZOOM[p.level] });
    },
  };
}
