// The sign-in map's dialog, loaded by dynamic import on the first click of 设置签到地点 (with the map widget and, once
// the map mounts, the engine): the search box, the radius select, the map with the marker, its 签到地点 info window
// holding the editable address, and the circle of the sign-in range.
import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { MAPS } from "~/i18n/screen/maps";
import { WIDGETS_MAP } from "~/i18n/screen/widgets-map";
import { ADDRESS_MAX, type LngLat } from "~/lib/location";
import { Button } from "~/ui/field";
import { Dialog } from "~/ui/dialog";
import { Input } from "~/ui/input";
import type { MapClientConfig } from "./map/config";
import { shapeGeometry } from "./map/draw";
import type { MapHandle } from "./map/map-view";
import { PlaceSearch } from "./map/place-search";
import { usePickedPoint } from "./map/use-picked-point";
import { AddressHint, loadSettings } from "./map-picker-dialog";
import { PickerMap } from "./map-picker-map";
import { RadiusSelect, SIGN_IN_ZOOM } from "./sign-in-radius";

export interface SignInMapDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  start: { point: LngLat | null; address: string; radius: number };
  config?: MapClientConfig;
  onConfirm: (point: LngLat, address: string, radius: number) => void;
}

const RANGE = "sign-in-range";

/** Draws (or moves) the circle of the sign-in range around the WGS-84 point, in the map's coordinates. */
function drawRange(h: MapHandle, point: LngLat | null, radius: number) {
  const { map } = h;
  const data = { type: "FeatureCollection" as const, features: point ? [{ type: "Feature" as const, properties: {}, geometry: shapeGeometry({ shape: "circle", coordinates: [point], radius }, h.projection.toDisplay) }] : [] };
  const source = map.getSource(RANGE) as { setData(d: unknown): void } | undefined;
  if (source) return source.setData(data);
  const colour = getComputedStyle(document.body).getPropertyValue("--c-brand").trim() || "#1d63d8";
  map.addSource(RANGE, { type: "geojson", data });
  map.addLayer({ id: `${RANGE}-fill`, type: "fill", source: RANGE, paint: { "fill-color": colour, "fill-opacity": 0.15 } });
  map.addLayer({ id: `${RANGE}-line`, type: "line", source: RANGE, paint: { "line-color": colour, "line-width": 2 } });
}

export function SignInMapDialog({ open, onOpenChange, start, config, onConfirm }: SignInMapDialogProps) {
  const { t } = useTranslation(MAPS);
  const { t: tw } = useTranslation(WIDGETS_MAP);
  const [radius, setRadius] = useState(String(start.radius));
  const [map, setMap] = useState<MapClientConfig | "failed" | null>(config ?? null);
  const settled = map && map !== "failed" ? map : null;
  const picked = usePickedPoint(start, Boolean(settled?.geocoder), ADDRESS_MAX);
  const { draft, address, setAddress, focus, fromMap, fromSearch } = picked;
  // the info window's content is ours (a portal), the popup only places it next to the marker
  const [popupNode] = useState(() => (typeof document === "undefined" ? null : document.createElement("div")));
  const popup = useRef<{ remove(): void; setLngLat(p: LngLat): unknown } | null>(null);
  const handle = useRef<MapHandle | null>(null);

  useEffect(() => {
    if (!open) return;
    picked.reset();
    setRadius(String(start.radius));
    if (config || settled) return;
    let cancelled = false;
    loadSettings().then(
      (c) => !cancelled && setMap(c),
      () => !cancelled && setMap("failed"),
    );
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new opening starts from the form's values
  }, [open]);

  // the circle and the info window follow the point and the radius
  const sync = (h: MapHandle, p: LngLat | null, r: number) => {
    // a reopened dialog has a new map: the old info window went with the old one
    if (handle.current !== h) {
      popup.current?.remove();
      popup.current = null;
    }
    handle.current = h;
    drawRange(h, p, r);
    if (!p || !popupNode) {
      popup.current?.remove();
      popup.current = null;
      return;
    }
    const at = h.projection.toDisplay(p);
    if (popup.current) return void popup.current.setLngLat(at);
    const p2 = new h.engine.Popup({ closeButton: false, closeOnClick: false, offset: 36, maxWidth: "320px" }).setLngLat(at).setDOMContent(popupNode).addTo(h.map);
    // the engines paint popups white; ours follows the theme
    const box = p2.getElement();
    const content = box.querySelector<HTMLElement>("[class$='popup-content']");
    if (content) Object.assign(content.style, { background: "var(--c-panel)", color: "var(--c-ink)", border: "1px solid var(--c-line)" });
    box.querySelector<HTMLElement>("[class$='popup-tip']")?.style.setProperty("display", "none");
    popup.current = p2;
  };
  useEffect(() => {
    if (handle.current) sync(handle.current, draft, Number(radius) || 0);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- redraw on a new radius; point moves come through onMap
  }, [radius]);
  useEffect(
    () => () => {
      popup.current?.remove();
      popup.current = null;
    },
    [],
  );

  const confirm = () => draft && radius && onConfirm(draft, address.trim(), Number(radius));
  // with no point yet the map opens at the spec's sign-in zoom
  const mapConfig = settled && !start.point ? { ...settled, zoom: SIGN_IN_ZOOM } : settled;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("signIn.title")}
      description={t("signIn.hint")}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            {t("signIn.cancel")}
          </Button>
          <Button type="button" onClick={confirm} disabled={!draft || !radius} data-testid="sign-in-map-confirm">
            {t("signIn.confirm")}
          </Button>
        </>
      }
    >
      <div data-testid="sign-in-map-dialog">
        <div className="mb-1 grid grid-cols-[1fr_1.6rem] items-start gap-3">
          {settled ? <PlaceSearch enabled={Boolean(settled.geocoder)} onPick={fromSearch} /> : <span />}
          <div>
            <label htmlFor="sign-in-dialog-range" className="sr-only">
              {t("signIn.radius")}
            </label>
            <RadiusSelect id="sign-in-dialog-range" value={radius} onChange={setRadius} />
          </div>
        </div>
        {map === "failed" ? (
          <p role="alert" className="flex h-[50vh] min-h-[260px] items-center justify-center rounded-md border border-line text-sm text-danger">
            {tw("mapPicker.configFailed")}
          </p>
        ) : mapConfig ? (
          <PickerMap config={mapConfig} value={draft} onChange={fromMap} focus={focus} label={t("signIn.title")} markerLabel={t("signIn.marker")} onMap={(h) => sync(h, draft, Number(radius) || 0)} />
        ) : (
          <p role="status" className="flex h-[50vh] min-h-[260px] items-center justify-center rounded-md border border-line bg-canvas text-sm text-muted">
            {tw("map.loading")}
          </p>
        )}
      </div>
      {popupNode
        ? createPortal(
            <div className="w-64 text-ink" data-testid="sign-in-info-window">
              <p className="mb-1 text-sm font-semibold">{t("signIn.infoTitle")}</p>
              <label htmlFor="sign-in-dialog-address" className="sr-only">
                {t("signIn.address")}
              </label>
              <Input id="sign-in-dialog-address" value={address} maxLength={ADDRESS_MAX} autoComplete="off" onChange={(e) => setAddress(e.target.value)} className="h-8 text-sm" />
              <AddressHint id="sign-in-dialog-address-hint" geocoder={Boolean(settled?.geocoder)} status={picked.lookup.status} />
            </div>,
            popupNode,
          )
        : null}
    </Dialog>
  );
}
