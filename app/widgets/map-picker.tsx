import { useId, useRef, useState, type ComponentType, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useMessage } from "~/i18n/message";
import { WIDGETS_MAP } from "~/i18n/screen/widgets-map";
import { ADDRESS_MAX, checkLocationPart, formatCoord, parseLngLat, type LngLat, type LocationPart } from "~/lib/location";
import type { LocationKeys } from "~/lib/list/types";
import { Button, describedBy, FieldNotes } from "~/ui/field";
import type { MapClientConfig } from "./map/config";
import type { MapPickerDialogProps } from "./map-picker-dialog";
import { useHydrated } from "./use-hydrated";
import { boxClass } from "~/ui/input";

export type LocationText = Record<LocationPart, string>;

// the dialog, the map widget and the engine come on the first click, once per page
let dialogModule: Promise<ComponentType<MapPickerDialogProps>> | null = null;
function loadDialog() {
  dialogModule ??= import("./map-picker-dialog").then((m) => m.MapPickerDialog);
  dialogModule.catch(() => (dialogModule = null));
  return dialogModule;
}

export interface MapPickerProps {
  /** ids of the inputs are `${idPrefix}-lng`, `-lat`, `-address` (default: a generated prefix) */
  idPrefix?: string;
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
 * With a place-search provider in /mapConfig the dialog also has a search box and looks up the address of a click
 * (app/widgets/map/place-search.tsx, /api/geo/*); without one, or when it fails, the address is typed.
 */
export function MapPicker({ idPrefix, names, defaultValue = {}, errors = {}, required = false, legend, labels = {}, config, inputRef }: MapPickerProps) {
  const { t } = useTranslation(WIDGETS_MAP);
  const message = useMessage();
  const hydrated = useHydrated();
  const generated = useId();
  const base = idPrefix ?? generated;
  const [text, setText] = useState<LocationText>({
    lng: defaultValue.lng ?? "",
    lat: defaultValue.lat ?? "",
    address: defaultValue.address ?? "",
  });
  // a part the user has changed shows the browser's check, not the server's message about the old value
  const [local, setLocal] = useState<Partial<Record<LocationPart, string | null>>>({});
  const [open, setOpen] = useState(false);
  const [start, setStart] = useState<{ point: LngLat | null; address: string }>({ point: null, address: "" });
  const [PickerDialog, setPickerDialog] = useState<ComponentType<MapPickerDialogProps> | null>(null);
  const [loading, setLoading] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // the dialog has no Radix trigger (it is loaded after the click), so focus comes back to the button by hand
  const setOpenAndReturn = (next: boolean) => {
    setOpen(next);
    if (!next) setTimeout(() => button.current?.focus(), 0);
  };

  const errorOf = (part: LocationPart) => {
    const key = part in local ? local[part] : null;
    if (key) return message(key);
    return part in local ? null : errors[part] ?? null;
  };
  const check = (part: LocationPart, value: string) =>
    setLocal((l) => ({
      ...l,
      [part]: checkLocationPart(part, value, part !== "address" && required),
    }));

  const openDialog = () => {
    if (loading) return;
    setStart({ point: parseLngLat(text.lng, text.lat), address: text.address });
    if (PickerDialog) return setOpen(true);
    setLoading(true);
    loadDialog()
      .then((component) => {
        setPickerDialog(() => component);
        setOpen(true);
      })
      // a failed chunk (offline) leaves the inputs, which still work
      .catch((e) => console.warn("map picker:", e))
      .finally(() => setLoading(false));
  };
  const confirm = (point: LngLat, address: string) => {
    const next = {
      lng: formatCoord(point[0]),
      lat: formatCoord(point[1]),
      address: names.address ? address : text.address,
    };
    setText(next);
    setLocal((l) => ({
      ...l,
      lng: null,
      lat: null,
      ...(names.address ? { address: checkLocationPart("address", next.address, false) } : {}),
    }));
    setOpenAndReturn(false);
  };

  const id = (part: LocationPart) => (idPrefix ? `${idPrefix}-${names[part]}` : `${base}-${part}`);
  const labelOf = (part: LocationPart) => labels[part] ?? t(`mapPicker.${part}`);
  const input = (part: LocationPart, after?: ReactNode) => {
    const error = errorOf(part);
    return (
      <div key={part} className={part === "address" ? "col-span-2" : "min-w-0"}>
        <label htmlFor={id(part)} className="mb-1 block text-sm font-medium text-ink">
          {required && part !== "address" ? (
            <span className="mr-0.5 text-danger" aria-hidden>
              *
            </span>
          ) : null}
          {labelOf(part)}
        </label>
        <div className="flex gap-2">
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
            aria-invalid={error ? true : undefined}
            aria-required={(required && part !== "address") || undefined}
            aria-describedby={describedBy(id(part), null, error)}
            ref={part === "lng" ? inputRef : undefined}
            className={`${boxClass} h-9 w-full min-w-0 px-3`}
          />
          {after}
        </div>
        <FieldNotes id={id(part)} error={error} />
      </div>
    );
  };

  return (
    <fieldset className="min-w-0" data-testid="map-picker">
      {legend ? <legend className="mb-1 text-sm font-medium text-ink">{legend}</legend> : null}
      <div className="grid grid-cols-2 items-start gap-x-4 gap-y-3">
        {input("lng")}
        {input(
          "lat",
          // picking on a map needs JavaScript; without it the inputs are the whole widget
          hydrated ? (
            <Button
              ref={button}
              type="button"
              variant="ghost"
              onClick={openDialog}
              aria-disabled={loading || undefined}
              aria-busy={loading || undefined}
              aria-haspopup="dialog"
              className="shrink-0"
              data-testid="map-picker-open"
            >
              <PinIcon />
              {t("mapPicker.pick")}
            </Button>
          ) : null
        )}
        {names.address ? input("address") : null}
      </div>
      {PickerDialog ? (
        <PickerDialog
          open={open}
          onOpenChange={setOpenAndReturn}
          start={start}
          withAddress={Boolean(names.address)}
          addressLabel={labelOf("address")}
          addressMax={ADDRESS_MAX}
          config={config}
          onConfirm={confirm}
        />
      ) : null}
    </fieldset>
  );
}

function PinIcon() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </svg>
  );
}
