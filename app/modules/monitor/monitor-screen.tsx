import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { MapClientConfig } from "~/widgets/map/config";
import { MapView, type MapHandle } from "~/widgets/map/map-view";
import type { VehicleLive } from "../../../workers/fleet-hub/protocol";
import { AreaSearch } from "./area-search";
import { InfoPanel } from "./info-panel";
import type { Connection } from "./live-store";
import { matchesStatus, type ModelIcons, type MonitorOrg, type MonitorVehicle, type OverdueMarks, type CertificateMarks, type StatusFilter } from "./monitor";
import { useFleetLive } from "./use-fleet-live";
import { VehicleLayer } from "./vehicle-layer";
import { VehicleTree } from "./vehicle-tree";
import { MONITOR } from "~/modules/monitor/texts/monitor";

export interface MonitorData {
  mapConfig: MapClientConfig;
  vehicles: MonitorVehicle[];
  orgs: MonitorOrg[];
  icons: ModelIcons;
  overdue: OverdueMarks;
  certificates: CertificateMarks;
}

/** the info panel's width (w-80) plus its margin */
const PANEL_PX = 332;
const CONNECTION_DOT: Record<Connection, string> = { connecting: "bg-slate-400", open: "bg-green-600", reconnecting: "bg-amber-500", offline: "bg-red-600" };

/** 设备监控: the vehicle tree on the left, the live map on the right, the info panel and area search over the map. */
export function MonitorScreen({ data }: { data: MonitorData }) {
  const { t } = useTranslation(MONITOR);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [follow, setFollow] = useState(false);
  const [filter, setFilter] = useState<StatusFilter>("all");
  const [areaOpen, setAreaOpen] = useState(false);
  const [handle, setHandle] = useState<MapHandle | null>(null);
  const { store, connection } = useFleetLive(selectedId);
  const layer = useRef<VehicleLayer | null>(null);
  const byId = useRef(new Map<number, MonitorVehicle>());
  if (byId.current.size !== data.vehicles.length) byId.current = new Map(data.vehicles.map((v) => [v[0], v]));

  const onReady = useCallback(
    (h: MapHandle) => {
      layer.current = new VehicleLayer(h, store, data.icons, (id) => selectRef.current(id), (n) => t("map.cluster", { count: n }));
      setHandle(h);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- created once with the map
    [store],
  );
  useEffect(() => () => layer.current?.destroy(), []);

  const select = (id: number) => {
    setSelectedId(id);
    layer.current?.setPanelWidth(PANEL_PX);
    layer.current?.setSelected(id);
    layer.current?.centre(id, true);
    // the map watch carries only map fields: the panel's first paint takes the full record from the hub
    fetch(`/api/monitor/vehicle?id=${id}`, { headers: { Accept: "application/json" } })
      .then((r) => (r.ok ? (r.json() as Promise<{ data: VehicleLive | null }>) : null))
      .then((body) => body?.data && store.mergeDetail(body.data))
      .catch(() => undefined);
  };
  const selectRef = useRef(select);
  selectRef.current = select;

  const close = useCallback(() => {
    setSelectedId(null);
    setFollow(false);
    layer.current?.setPanelWidth(0);
    layer.current?.setSelected(null);
    layer.current?.setFollow(false);
  }, []);

  useEffect(() => {
    layer.current?.setFilter((v) => matchesStatus(v.status, filter));
  }, [filter, handle]);

  useEffect(() => {
    layer.current?.setFollow(follow);
  }, [follow]);

  // Esc closes the panel, unless something else (drawing a circle, a dialog) took the key first
  useEffect(() => {
    if (selectedId === null) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setTimeout(() => !e.defaultPrevented && close());
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [selectedId, close]);

  return (
    <div className="flex h-full min-h-[560px] flex-col gap-3" data-testid="equipment-monitor">
      <div className="flex items-center gap-3">
        <h1 className="text-xl font-semibold text-ink">{t("title")}</h1>
        <span className="flex items-center gap-1.5 text-sm text-muted" role="status" data-testid="monitor-connection" data-state={connection}>
          <span aria-hidden className={`inline-block size-2 rounded-full ${CONNECTION_DOT[connection]}`} />
          {t(`connection.${connection}`)}
        </span>
        <button
          type="button"
          aria-pressed={areaOpen}
          onClick={() => setAreaOpen((o) => !o)}
          className={`ml-auto rounded-md border px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-brand ${areaOpen ? "border-brand bg-brand-soft text-brand" : "border-line bg-panel text-ink hover:bg-canvas"}`}
        >
          {t("area.open")}
        </button>
      </div>
      {connection === "offline" && (
        <p role="alert" className="rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm text-ink">
          {t("connection.offline")}
        </p>
      )}
      <div className="flex min-h-0 flex-1 gap-3">
        <VehicleTree store={store} orgs={data.orgs} vehicles={data.vehicles} overdue={data.overdue} certificates={data.certificates} filter={filter} onFilter={setFilter} selectedId={selectedId} onSelect={select} />
        <div className="relative min-w-0 flex-1 overflow-hidden rounded-lg border border-line">
          <MapView config={data.mapConfig} onReady={onReady} className="h-full w-full" label={t("map.label")} />
          {areaOpen && <AreaSearch handle={handle} onSelect={select} onClose={() => setAreaOpen(false)} />}
          {selectedId !== null && (
            <InfoPanel store={store} id={selectedId} vehicle={byId.current.get(selectedId)} overdue={data.overdue[selectedId]} certificate={data.certificates[selectedId]} follow={follow} onFollow={setFollow} onLocate={() => layer.current?.centre(selectedId, true)} onClose={close} />
          )}
        </div>
      </div>
    </div>
  );
}
