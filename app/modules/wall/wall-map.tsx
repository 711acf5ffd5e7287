import { useCallback, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { MapClientConfig } from "~/widgets/map/config";
import { MapView, type MapHandle } from "~/widgets/map/map-view";
import type { LiveStore } from "~/modules/monitor/live-store";
import type { ModelIcons } from "~/modules/monitor/monitor";
import { VehicleLayer } from "~/modules/monitor/vehicle-layer";
import { WALL } from "./texts/wall";

/** The live map of a wall: the monitoring map's vehicle layer on the screen's own theme; nothing to click into. */
export function WallMap({ store, config, icons, dark }: { store: LiveStore; config: MapClientConfig; icons: ModelIcons; dark: boolean }) {
  const { t } = useTranslation(WALL);
  const layer = useRef<VehicleLayer | null>(null);
  const onReady = useCallback(
    (h: MapHandle) => {
      layer.current = new VehicleLayer(h, store, icons, () => undefined, (n) => t("map.cluster", { count: n }));
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- created once with the map
    [store],
  );
  useEffect(() => () => layer.current?.destroy(), []);
  return <MapView config={config} onReady={onReady} dark={dark} className="h-full w-full" label={t("map.label")} />;
}
