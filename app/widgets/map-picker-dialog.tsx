// The dialog of the map picker (地图选点), loaded by dynamic import on the first click of its button: the dialog
// frame, the map widget and, once the map mounts, the engine. Lists and forms carry none of it.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { MAPS } from "~/i18n/screen/maps";
import { WIDGETS_MAP } from "~/i18n/screen/widgets-map";
import { formatCoord, type LngLat } from "~/lib/location";
import { Button } from "~/ui/field";
import { Dialog } from "~/ui/dialog";
import type { MapClientConfig } from "./map/config";
import { PlaceSearch } from "./map/place-search";
import type { AddressLookup } from "./map/use-address-lookup";
import { usePickedPoint } from "./map/use-picked-point";
import { PickerMap } from "./map-picker-map";
import { Input } from "~/ui/input";

// the tenant's map settings, fetched once per page
let settings: Promise<MapClientConfig> | null = null;
/** The tenant's map settings from /api/map/config, once per page (the picker and the sign-in map share them). */
export function loadSettings(): Promise<MapClientConfig> {
  settings ??= fetch("/api/map/config", { headers: { Accept: "application/json" } })
    .then((r) => (r.ok ? (r.json() as Promise<{ data: MapClientConfig }>) : Promise.reject(new Error(`map settings: ${r.status}`))))
    .then((body) => body.data);
  settings.catch(() => (settings = null));
  return settings;
}

export interface MapPickerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the point and address in the inputs when the dialog opens (WGS-84) */
  start: { point: LngLat | null; address: string };
  /** offer the address in the dialog too (the form has an address input) */
  withAddress: boolean;
  addressLabel: string;
  addressMax: number;
  config?: MapClientConfig;
  /** 确定 or Enter: the chosen point (WGS-84) and address */
  onConfirm: (point: LngLat, address: string) => void;
}

/** 70vw, not closed by the backdrop (dialog defaults); Esc and 取消 leave the inputs as they were. */
export function MapPickerDialog({ open, onOpenChange, start, withAddress, addressLabel, addressMax, config, onConfirm }: MapPickerDialogProps) {
  const { t } = useTranslation(WIDGETS_MAP);
  const [map, setMap] = useState<MapClientConfig | "failed" | null>(config ?? null);
  const settled = map && map !== "failed" ? map : null;
  // spec §2: a click sets the point and a reverse-geocoded address (a typed address stays when none is found)
  const picked = usePickedPoint(start, withAddress && Boolean(settled?.geocoder), addressMax);
  const { draft, address, setAddress, focus, fromMap, fromSearch } = picked;

  useEffect(() => {
    if (!open) return;
    picked.reset();
    if (config || (map && map !== "failed")) return;
    let cancelled = false;
    setMap(null);
    loadSettings().then(
      (c) => !cancelled && setMap(c),
      () => !cancelled && setMap("failed")
    );
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new opening starts from the inputs' values; nothing else restarts it
  }, [open]);

  const confirm = () => draft && onConfirm(draft, address.trim());

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("mapPicker.title")}
      description={t("mapPicker.hint")}
      footer={
        <>
          <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
            {t("mapPicker.cancel")}
          </Button>
          <Button type="button" onClick={confirm} disabled={!draft} data-testid="map-picker-confirm">
            {t("mapPicker.confirm")}
          </Button>
        </>
      }
    >
      <div
        data-testid="map-picker-dialog"
        onKeyDown={(e) => {
          // Enter takes the point from anywhere in the dialog but its buttons (取消 stays 取消)
          if (e.key !== "Enter" || (e.target as HTMLElement).closest("button") || !draft) return;
          e.preventDefault();
          confirm();
        }}
      >
        <p className="mb-2 text-sm text-ink" role="status" aria-live="polite" data-testid="map-picker-readout">
          {draft ? t("mapPicker.selected", { longitude: formatCoord(draft[0]), latitude: formatCoord(draft[1]) }) : <span className="text-muted">{t("mapPicker.none")}</span>}
        </p>
        {settled ? <PlaceSearch enabled={Boolean(settled.geocoder)} onPick={fromSearch} className="mb-2" /> : null}
        {map === "failed" ? (
          <p role="alert" className="flex h-[50vh] min-h-[260px] items-center justify-center rounded-md border border-line text-sm text-danger">
            {t("mapPicker.configFailed")}
          </p>
        ) : map ? (
          <PickerMap config={map} value={draft} onChange={fromMap} focus={focus} label={t("mapPicker.title")} />
        ) : (
          <p role="status" className="flex h-[50vh] min-h-[260px] items-center justify-center rounded-md border border-line bg-canvas text-sm text-muted">
            {t("map.loading")}
          </p>
        )}
        {withAddress ? (
          <div className="mt-3">
            <label htmlFor="map-picker-dialog-address" className="mb-1 block text-sm font-medium text-ink">
              {addressLabel}
            </label>
            <Input
              id="map-picker-dialog-address"
              value={address}
              onChange={(e) => setAddress(e.target.value)}
              maxLength={addressMax}
              autoComplete="off"
              aria-describedby="map-picker-dialog-address-hint"
            />
            <AddressHint id="map-picker-dialog-address-hint" geocoder={Boolean(settled?.geocoder)} status={picked.lookup.status} />
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}

/** Under the dialog's address: what the lookup is doing, or why the address must be typed. */
export function AddressHint({ id, geocoder, status }: { id: string; geocoder: boolean; status: AddressLookup }) {
  const { t } = useTranslation(WIDGETS_MAP);
  const { t: tm } = useTranslation(MAPS);
  const text = !geocoder ? t("mapPicker.noGeocoder") : status === "idle" ? "" : status === "looking" ? tm("reverse.looking") : tm(`reverse.${status === "notConfigured" ? "unavailable" : status}`);
  return (
    <p id={id} className={`mt-1 min-h-4 text-xs ${status === "unavailable" || status === "rateLimited" ? "text-warning" : "text-muted"}`} role="status" aria-live="polite" data-testid="address-lookup">
      {text}
    </p>
  );
}
