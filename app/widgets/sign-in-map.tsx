import { useId, useRef, useState, type ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { MAPS } from "~/i18n/screen/maps";
import { ADDRESS_MAX, DEFAULT_SIGN_IN_RADIUS, formatCoord, parseLngLat, type LngLat } from "~/lib/location";
import type { LocationKeys } from "~/lib/list/types";
import { Button } from "~/ui/field";
import { Input } from "~/ui/input";
import type { MapClientConfig } from "./map/config";
import type { SignInMapDialogProps } from "./sign-in-map-dialog";
import { RadiusSelect } from "./sign-in-radius";
import { useHydrated } from "./use-hydrated";

export interface SignInValue {
  lng: string;
  lat: string;
  address: string;
  /** metres, one of SIGN_IN_RADII as text ("" before a choice) */
  signRange: string;
}

// the dialog, the map and the engine come on the first click, once per page
let dialogModule: Promise<ComponentType<SignInMapDialogProps>> | null = null;
function loadDialog() {
  dialogModule ??= import("./sign-in-map-dialog").then((m) => m.SignInMapDialog);
  dialogModule.catch(() => (dialogModule = null));
  return dialogModule;
}

export interface SignInMapProps {
  /** the names the values post under (spec §3: location, lat, lng; sign-in adds signRange) */
  names: Required<LocationKeys> & { signRange: string };
  defaultValue?: Partial<SignInValue>;
  legend?: string;
  /** the map settings; fetched from /api/map/config when the dialog first opens if not given */
  config?: MapClientConfig;
  onChange?: (value: SignInValue) => void;
  /** messages under the parts: the point (its longitude or latitude), the address, the range */
  errors?: { point?: string | null; address?: string | null; signRange?: string | null };
}

/**
 * Spec §2 sign-in map, as a form field for the dispatch screens: the sign-in place (WGS-84, posted as hidden
 * longitude and latitude), its address (editable) and the sign-in range (请选择; 100, 200, 300, 500, 1000 or
 * 2000 m, default 100), and 设置签到地点, a dialog with a search box, the radius select and the map, where the marker
 * carries an info window titled 签到地点 with the editable address and a circle shows the range; 取消 leaves the values
 * as they were, 确定 takes them.
 */
export function SignInMap({ names, defaultValue = {}, legend, config, onChange, errors = {} }: SignInMapProps) {
  const { t } = useTranslation(MAPS);
  const hydrated = useHydrated();
  const id = useId();
  const [value, setValue] = useState<SignInValue>({
    lng: defaultValue.lng ?? "",
    lat: defaultValue.lat ?? "",
    address: defaultValue.address ?? "",
    signRange: defaultValue.signRange ?? String(DEFAULT_SIGN_IN_RADIUS),
  });
  const [open, setOpen] = useState(false);
  const [Dialog, setDialog] = useState<ComponentType<SignInMapDialogProps> | null>(null);
  const [loading, setLoading] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const point = parseLngLat(value.lng, value.lat);
  const update = (next: SignInValue) => {
    setValue(next);
    onChange?.(next);
  };

  const openDialog = () => {
    if (loading) return;
    if (Dialog) return setOpen(true);
    setLoading(true);
    loadDialog()
      .then((component) => {
        setDialog(() => component);
        setOpen(true);
      })
      .catch((e) => console.warn("sign-in map:", e))
      .finally(() => setLoading(false));
  };
  const close = (next: boolean) => {
    setOpen(next);
    if (!next) setTimeout(() => button.current?.focus(), 0);
  };
  const confirm = (p: LngLat, address: string, radius: number) => {
    update({ lng: formatCoord(p[0]), lat: formatCoord(p[1]), address, signRange: String(radius) });
    close(false);
  };

  return (
    <fieldset className="min-w-0" data-testid="sign-in-map">
      {legend ? <legend className="mb-1 text-sm font-medium text-ink">{legend}</legend> : null}
      <input type="hidden" name={names.lng} value={value.lng} />
      <input type="hidden" name={names.lat} value={value.lat} />
      <div className="grid grid-cols-[1fr_1.6rem] items-start gap-x-4 gap-y-2">
        <div className="min-w-0">
          <label htmlFor={`${id}-address`} className="mb-1 block text-sm font-medium text-ink">
            {t("signIn.address")}
          </label>
          <Input id={`${id}-address`} name={names.address} value={value.address} maxLength={ADDRESS_MAX} autoComplete="off" aria-invalid={errors.address ? true : undefined} aria-describedby={errors.address ? `${id}-address-error` : undefined} onChange={(e) => update({ ...value, address: e.target.value })} />
          <FieldError id={`${id}-address-error`} message={errors.address} />
        </div>
        <div>
          <label htmlFor={`${id}-range`} className="mb-1 block text-sm font-medium text-ink">
            {t("signIn.radius")}
          </label>
          <RadiusSelect id={`${id}-range`} name={names.signRange} value={value.signRange} onChange={(signRange) => update({ ...value, signRange })} />
          <FieldError id={`${id}-range-error`} message={errors.signRange} />
        </div>
        <p className="col-span-2 flex min-w-0 items-center gap-3 text-sm text-muted" data-testid="sign-in-map-point">
          <span className="min-w-0 truncate">{point ? `${t("signIn.lng")} ${formatCoord(point[0])}，${t("signIn.lat")} ${formatCoord(point[1])}` : t("signIn.none")}</span>
          {hydrated ? (
            <Button ref={button} type="button" variant="secondary" size="sm" onClick={openDialog} aria-haspopup="dialog" aria-busy={loading || undefined} className="shrink-0">
              {t("signIn.pick")}
            </Button>
          ) : null}
        </p>
        {errors.point ? (
          <p className="col-span-2 -mt-1 text-sm text-danger" role="alert" data-testid="sign-in-map-error">
            {errors.point}
          </p>
        ) : null}
      </div>
      {Dialog ? <Dialog open={open} onOpenChange={close} start={{ point, address: value.address, radius: Number(value.signRange) || DEFAULT_SIGN_IN_RADIUS }} config={config} onConfirm={confirm} /> : null}
    </fieldset>
  );
}

function FieldError({ id, message }: { id: string; message?: string | null }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-danger" role="alert">
      {message}
    </p>
  ) : null;
}
