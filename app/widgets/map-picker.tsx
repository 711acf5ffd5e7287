import { useEffect, useId, useState, type ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { ADDRESS_MAX, checkLocationPart, formatCoord, parseLngLat, type LngLat, type LocationPart } from "~/lib/location";
import type { LocationKeys } from "~/modules/resource/types";
import { Button, describedBy, FieldNotes } from "~/ui/field";
import { Dialog } from "./dialog";
import type { MapClientConfig } from "./map/config";
import { useHydrated } from "./use-hydrated";

export type LocationText = Record<LocationPart, string>;

type PickerMapComponent = ComponentType<{ config: MapClientConfig; value: LngLat | null; onChange: (p: LngLat) => void; label: string }>;

// Fetched once per page, when a picker's dialog first opens: the map code and the tenant's map settings.
let mapModule: Promise<PickerMapComponent> | null = null;
let mapSettings: Promise<MapClientConfig> | null = null;
function loadPickerMap(config?: MapClientConfig): Promise<[PickerMapComponent, MapClientConfig]> {
  mapModule ??= import("./map-picker-map").then((m) => m.PickerMap);
  mapModule.catch(() => (mapModule = null));
  const settings =
    config ??
    (mapSettings ??= fetch("/api/map/config", { headers: { Accept: "application/json" } })
      .then((r) => (r.ok ? (r.json() as Promise<{ data: MapClientConfig }>) : Promise.reject(new Error(String(r.status)))))
      .then((body) => body.data));
  if (!config) mapSettings?.catch(() => (mapSettings = null));
  return Promise.all([mapModule, settings]);
}

export interface MapPickerProps {
  /** the names the three inputs post under (the address is left out when the key is absent) */
  names: LocationKeys;
  defaultValue?: Partial<LocationText>;
  /** translated messages from the server, per part; shown until the user changes that part */
  errors?: Partial<Record<LocationPart, string | null>>;
  /** longitude and latitude must be filled (the address never must) */
  required?: boolean;
  /** the group's caption, e.g. 位置 */
  legend?: string;
  labels?: Partial<LocationText>;
  /** the map settings; fetched from /api/map/config when the dialog first opens if not given */
  config?: MapClientConfig;
  /** receives the longitude input (a form focuses its first field) */
  inputRef?: (el: HTMLInputElement | null) => void;
}

/**
 * Spec §2 map picker: longitude, latitude and address inputs that post as plain form fields (so they work without
 * JavaScript), and 地图选点, a dialog with the tenant's map where a click, a drag or the arrow keys set the point,
 * Enter or 确定 takes it and Esc or 取消 leaves the inputs as they were. Values are WGS-84 with at most 6 decimals.
 * There is no geocoder offline, so the address is typed (in the form or in the dialog), never looked up.
 */
export function MapPicker({ names, defaultValue = {}, errors = {}, required = false, legend, labels = {}, config, inputRef }: MapPickerProps) {
  const { t } = useTranslation("widgets");
  const hydrated = useHydrated();
  const base = useId();
  const parts: LocationPart[] = names.address ? ["lng", "lat", "address"] : ["lng", "lat"];
  const [text, setText] = useState<LocationText>({ lng: defaultValue.lng ?? "", lat: defaultValue.lat ?? "", address: defaultValue.address ?? "" });
  // a part the user has changed shows the browser's check, not the server's message about the old value
  const [local, setLocal] = useState<Partial<Record<LocationPart, string | null>>>({});
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<LngLat | null>(null);
  const [draftAddress, setDraftAddress] = useState("");
  const [loaded, setLoaded] = useState<{ Map: PickerMapComponent; config: MapClientConfig } | "failed" | null>(null);

  useEffect(() => {
    if (!open || (loaded && loaded !== "failed")) return;
    let cancelled = false;
    loadPickerMap(config).then(
      ([Map, settings]) => !cancelled && setLoaded({ Map, config: settings }),
      () => !cancelled && setLoaded("failed"),
    );
    return () => {
      cancelled = true;
    };
  }, [open, loaded, config]);

  const errorOf = (part: LocationPart) => {
    const key = part in local ? local[part] : null;
    if (key) return t(key as never) as string;
    return part in local ? null : (errors[part] ?? null);
  };
  const check = (part: LocationPart, value: string) => setLocal((l) => ({ ...l, [part]: checkLocationPart(part, value, part !== "address" && required) }));

  const openDialog = (next: boolean) => {
    if (next) {
      setDraft(parseLngLat(text.lng, text.lat));
      setDraftAddress(text.address);
      if (loaded === "failed") setLoaded(null);
    }
    setOpen(next);
  };
  const confirm = () => {
    if (!draft) return;
    const next = { lng: formatCoord(draft[0]), lat: formatCoord(draft[1]), address: names.address ? draftAddress.trim() : text.address };
    setText(next);
    setLocal((l) => ({ ...l, lng: null, lat: null, ...(names.address ? { address: checkLocationPart("address", next.address, false) } : {}) }));
    setOpen(false);
  };

  const id = (part: LocationPart) => `${base}-${part}`;
  const labelOf = (part: LocationPart) => labels[part] ?? t(`mapPicker.${part}`);
  const input = (part: LocationPart) => {
    const error = errorOf(part);
    return (
      <div key={part} className={part === "address" ? "col-span-2 sm:col-span-3" : ""}>
        <label htmlFor={id(part)} className="mb-1 block text-sm font-medium text-ink">
          {required && part !== "address" ? (
            <span className="mr-0.5 text-danger" aria-hidden>
              *
            </span>
          ) : null}
          {labelOf(part)}
        </label>
        <input
          id={id(part)}
          name={names[part]}
          value={text[part]}
          onChange={(e) => {
            const v = e.target.value;
            setText((x) => ({ ...x, [part]: v }));
            if (part in local) check(part, v);
          }}
          onBlur={(e) => check(part, e.target.value)}
          inputMode={part === "address" ? undefined : "decimal"}
          maxLength={part === "address" ? ADDRESS_MAX : 12}
          autoComplete="off"
          placeholder={part === "lng" ? "121.473701" : part === "lat" ? "31.230416" : undefined}
          aria-invalid={error ? true : undefined}
          aria-required={(required && part !== "address") || undefined}
          aria-describedby={describedBy(id(part), null, error)}
          ref={part === "lng" ? inputRef : undefined}
          className="h-9 w-full rounded-md border border-line bg-panel px-3 text-ink placeholder:text-muted/60 focus:border-brand focus:outline-none aria-[invalid]:border-danger"
        />
        <FieldNotes id={id(part)} error={error} />
      </div>
    );
  };

  return (
    <fieldset className="min-w-0" data-testid="map-picker">
      {legend ? <legend className="mb-1 text-sm font-medium text-ink">{legend}</legend> : null}
      <div className="grid grid-cols-2 items-start gap-x-4 gap-y-3 sm:grid-cols-[1fr_1fr_auto]">
        {input("lng")}
        {input("lat")}
        {/* picking on a map needs JavaScript; without it the inputs above are the whole widget */}
        <div className="col-span-2 sm:col-span-1 sm:pt-6">
          {hydrated ? (
            <Dialog
              open={open}
              onOpenChange={openDialog}
              title={t("mapPicker.title")}
              description={t("mapPicker.hint")}
              trigger={
                <Button type="button" variant="ghost" data-testid="map-picker-open">
                  <span aria-hidden>⌖</span>
                  {t("mapPicker.pick")}
                </Button>
              }
              footer={
                <>
                  <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
                    {t("mapPicker.cancel")}
                  </Button>
                  <Button type="button" onClick={confirm} disabled={!draft} data-testid="map-picker-confirm">
                    {t("mapPicker.confirm")}
                  </Button>
                </>
              }
            >
              <div
                onKeyDown={(e) => {
                  // Enter takes the point from anywhere in the dialog but its buttons (取消 stays 取消)
                  if (e.key !== "Enter" || (e.target as HTMLElement).closest("button") || !draft) return;
                  e.preventDefault();
                  confirm();
                }}
              >
                <p className="mb-2 text-sm text-ink" role="status" aria-live="polite" data-testid="map-picker-readout">
                  {draft ? t("mapPicker.selected", { lng: formatCoord(draft[0]), lat: formatCoord(draft[1]) }) : <span className="text-muted">{t("mapPicker.none")}</span>}
                </p>
                {loaded === "failed" ? (
                  <p role="alert" className="flex h-[50vh] min-h-[260px] items-center justify-center rounded-md border border-line text-sm text-danger">
                    {t("mapPicker.configFailed")}
                  </p>
                ) : loaded ? (
                  <loaded.Map config={loaded.config} value={draft} onChange={setDraft} label={t("mapPicker.title")} />
                ) : (
                  <p role="status" className="flex h-[50vh] min-h-[260px] items-center justify-center rounded-md border border-line bg-canvas text-sm text-muted">
                    {t("map.loading")}
                  </p>
                )}
                {names.address ? (
                  <div className="mt-3">
                    <label htmlFor={`${base}-dialog-address`} className="mb-1 block text-sm font-medium text-ink">
                      {labelOf("address")}
                    </label>
                    <input
                      id={`${base}-dialog-address`}
                      value={draftAddress}
                      onChange={(e) => setDraftAddress(e.target.value)}
                      maxLength={ADDRESS_MAX}
                      autoComplete="off"
                      aria-describedby={`${base}-dialog-address-hint`}
                      className="h-9 w-full rounded-md border border-line bg-panel px-3 text-ink focus:border-brand focus:outline-none"
                    />
                    <p id={`${base}-dialog-address-hint`} className="mt-1 text-xs text-muted">
                      {t("mapPicker.noGeocoder")}
                    </p>
                  </div>
                ) : null}
              </div>
            </Dialog>
          ) : null}
        </div>
        {names.address ? input("address") : null}
      </div>
    </fieldset>
  );
}
