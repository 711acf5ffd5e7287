import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import type { VehicleLive } from "../../../workers/fleet-hub/protocol";
import type { LiveStore } from "./live-store";
import { displayStatus, liveTreeVehicles, matchesSearch, matchesStatus, STATUS_COLOURS, treeRows, type MonitorOrg, type MonitorVehicle, type OverdueMarks, type CertificateMarks, type StatusFilter, type TreeRow } from "./monitor";
import { MONITOR } from "~/modules/monitor/texts/monitor";

const ROW_PX = 32;
const FILTERS: StatusFilter[] = ["all", "running", "stopped", "offline"];

interface Props {
  store: LiveStore;
  orgs: MonitorOrg[];
  vehicles: MonitorVehicle[];
  overdue: OverdueMarks;
  certificates: CertificateMarks;
  filter: StatusFilter;
  onFilter: (f: StatusFilter) => void;
  selectedId: number | null;
  onSelect: (id: number) => void;
}

/**
 * The vehicle tree by organisation: the four counts as filter tabs, a search by plate, terminal or self number,
 * and a virtual list (only the rows in view are in the DOM). It re-renders when a status changes, never for a move.
 * Keyboard: ↑/↓ move, →/← open and close an organisation, Enter selects a vehicle, Home/End jump.
 */
export function VehicleTree({ store, orgs, vehicles: loaded, overdue, certificates, filter, onFilter, selectedId, onSelect }: Props) {
  const { t } = useTranslation(MONITOR);
  useSyncExternalStore(store.subscribe, store.getStatusVersion, store.getStatusVersion);
  const [search, setSearch] = useState("");
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(() => new Set());
  const [active, setActive] = useState(0);
  const needle = search.trim();
  const statusVersion = store.statusVersion;
  // vehicles registered (or removed) since the page loaded: the tree follows the hub, as the counts do; one that
  // arrived without its archive fields (its first point came with its registration) has them fetched once
  const asked = useRef(new Set<number>());
  useEffect(() => {
    if (store.seq === null) return;
    const known = new Set(loaded.map((v) => v[0]));
    for (const v of store.vehicles.values()) {
      if (known.has(v.id) || v.plate || asked.current.has(v.id) || asked.current.size > 500) continue;
      asked.current.add(v.id);
      fetch(`/api/monitor/vehicle?id=${v.id}`, { headers: { Accept: "application/json" } })
        .then((r) => (r.ok ? (r.json() as Promise<{ data: VehicleLive | null }>) : null))
        .then((body) => body?.data && store.mergeArchive(body.data))
        .catch(() => undefined);
    }
  }, [store, loaded, statusVersion]);
  const vehicles = useMemo(
    () => liveTreeVehicles(loaded, store.seq === null ? null : store.vehicles),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- statusVersion: bumped when vehicles arrive or leave
    [loaded, statusVersion],
  );
  const rows = useMemo(
    () => treeRows(orgs, vehicles, (v) => matchesSearch(v, needle) && matchesStatus(store.get(v[0])?.status, filter), collapsed),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- statusVersion: the live statuses the filter reads
    [orgs, vehicles, needle, filter, collapsed, statusVersion],
  );
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_PX, overscan: 12, initialRect: { width: 280, height: 600 } });
  const activeRow = Math.min(active, Math.max(0, rows.length - 1));

  // a selection made on the map shows in the tree
  useEffect(() => {
    if (selectedId === null) return;
    const i = rows.findIndex((r) => r.kind === "vehicle" && r.id === selectedId);
    if (i >= 0) {
      setActive(i);
      virtual.scrollToIndex(i, { align: "auto" });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the selection changes
  }, [selectedId]);

  const toggle = (id: number, open?: boolean) =>
    setCollapsed((c) => {
      const next = new Set(c);
      if (open ?? next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const move = (i: number) => {
    const to = Math.max(0, Math.min(rows.length - 1, i));
    setActive(to);
    virtual.scrollToIndex(to, { align: "auto" });
  };
  const activate = (row: TreeRow) => (row.kind === "org" ? toggle(row.id) : onSelect(row.id));
  const onKey = (e: KeyboardEvent) => {
    const row = rows[activeRow];
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(activeRow + 1),
      ArrowUp: () => move(activeRow - 1),
      Home: () => move(0),
      End: () => move(rows.length - 1),
      PageDown: () => move(activeRow + 10),
      PageUp: () => move(activeRow - 10),
      Enter: () => row && activate(row),
      " ": () => row && activate(row),
      ArrowRight: () => row?.kind === "org" && !row.open && toggle(row.id, true),
      ArrowLeft: () => {
        if (row?.kind === "org" && row.open) return toggle(row.id, false);
        // to the parent organisation
        for (let i = activeRow - 1; i >= 0; i--) if (rows[i]!.kind === "org" && rows[i]!.depth < (row?.depth ?? 0)) return move(i);
      },
    };
    const run = keys[e.key];
    if (!run) return;
    e.preventDefault();
    run();
  };

  const counts = store.counts;
  const countOf = (f: StatusFilter) => (counts ? counts[f === "all" ? "total" : f] : f === "all" ? vehicles.length : null);

  return (
    <nav aria-label={t("tree.label")} className="flex h-full w-72 shrink-0 flex-col rounded-lg border border-line bg-panel" data-testid="vehicle-tree">
      <div role="group" aria-label={t("counts.label")} className="grid grid-cols-4 gap-1 border-b border-line p-2" data-testid="monitor-counts">
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={filter === f}
            onClick={() => onFilter(f)}
            data-testid={`count-${f}`}
            className={`flex flex-col items-center rounded-md px-1 py-1.5 text-xs focus-visible:outline-2 focus-visible:outline-brand ${filter === f ? "bg-brand-soft text-brand" : "text-muted hover:bg-canvas"}`}
          >
            <span className="flex items-center gap-1">
              {f !== "all" && <span aria-hidden className="inline-block size-2 rounded-full" style={{ background: STATUS_COLOURS[f] }} />}
              {t(`counts.${f}`)}
            </span>
            <span className="text-base font-semibold tabular-nums text-ink" data-testid={`count-${f}-value`}>
              {countOf(f) ?? "—"}
            </span>
          </button>
        ))}
      </div>
      {counts && (
        <p className="flex justify-between border-b border-line px-3 py-1 text-xs text-muted">
          <span>
            {t("counts.online")} <b className="tabular-nums text-ink">{counts.running + counts.stopped}</b>
          </span>
          <span>
            {t("counts.alarm")} <b className={`tabular-nums ${counts.alarm ? "text-danger" : "text-ink"}`}>{counts.alarm}</b>
          </span>
        </p>
      )}
      <div className="p-2">
        <input
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setActive(0);
          }}
          placeholder={t("tree.search")}
          aria-label={t("tree.searchLabel")}
          className="w-full rounded-md border border-line bg-canvas px-2 py-1.5 text-sm text-ink placeholder:text-muted focus:outline-2 focus:outline-brand"
        />
      </div>
      {rows.length === 0 ? (
        <p className="px-3 py-6 text-center text-sm text-muted" role="status">
          {vehicles.length === 0 ? t("tree.empty") : t("tree.noMatch")}
        </p>
      ) : (
        <div
          ref={scroller}
          role="tree"
          tabIndex={0}
          aria-label={t("tree.label")}
          aria-activedescendant={rows[activeRow] ? `tree-row-${activeRow}` : undefined}
          onKeyDown={onKey}
          className="group min-h-0 flex-1 overflow-auto px-1 pb-2 outline-none"
        >
          <div style={{ height: virtual.getTotalSize(), position: "relative" }}>
            {virtual.getVirtualItems().map((item) => {
              const row = rows[item.index]!;
              const isActive = item.index === activeRow;
              const style = { position: "absolute" as const, top: 0, left: 0, right: 0, height: ROW_PX, transform: `translateY(${item.start}px)`, paddingLeft: 8 + row.depth * 14 };
              if (row.kind === "org") {
                return (
                  <div
                    key={`o${row.id}`}
                    id={`tree-row-${item.index}`}
                    role="treeitem"
                    aria-level={row.depth + 1}
                    aria-expanded={row.open}
                    aria-selected={false}
                    style={style}
                    onClick={() => {
                      setActive(item.index);
                      toggle(row.id);
                    }}
                    className={`flex cursor-pointer items-center gap-1 rounded text-sm font-medium text-ink ${isActive ? "group-focus-visible:ring-1 group-focus-visible:ring-brand ring-inset" : ""} hover:bg-canvas`}
                  >
                    <span aria-hidden className="w-3 text-muted">
                      {row.open ? "▾" : "▸"}
                    </span>
                    <span className="truncate">{row.name || t("tree.noOrg")}</span>
                    <span className="ml-auto pr-2 text-xs text-muted tabular-nums">{row.count}</span>
                  </div>
                );
              }
              const live = store.get(row.id);
              const status = displayStatus(live);
              const selected = row.id === selectedId;
              return (
                <div
                  key={`v${row.id}`}
                  id={`tree-row-${item.index}`}
                  role="treeitem"
                  aria-level={row.depth + 1}
                  aria-selected={selected}
                  data-vehicle-id={row.id}
                  style={style}
                  onClick={() => {
                    setActive(item.index);
                    onSelect(row.id);
                  }}
                  className={`flex cursor-pointer items-center gap-2 rounded pr-2 text-sm ${selected ? "bg-brand-soft text-brand" : "text-ink hover:bg-canvas"} ${isActive ? "group-focus-visible:ring-1 group-focus-visible:ring-brand ring-inset" : ""}`}
                >
                  <span aria-hidden className="inline-block size-2.5 shrink-0 rounded-full" style={{ background: STATUS_COLOURS[status] }} />
                  <span className="truncate">{row.vehicle[1]}</span>
                  {overdue[row.id] ? (
                    <span className="shrink-0 rounded bg-danger/10 px-1 text-xs text-danger" title={t("overdue.days", { number: overdue[row.id]!.number, days: overdue[row.id]!.days })} data-testid="tree-overdue">
                      {t("overdue.badge")}
                    </span>
                  ) : null}
                  {certificates[row.id] ? (
                    <span className="shrink-0 rounded bg-warning/15 px-1 text-xs text-warning" title={`${certificates[row.id]!.number} ${certificates[row.id]!.expiresOn}`} data-testid="tree-certificate">
                      {t("certificate.badge")}
                    </span>
                  ) : null}
                  <span className="ml-auto shrink-0 text-xs text-muted">{t(`status.${live?.alarm ? "alarm" : (live?.status ?? "never")}`)}</span>
                </div>
              );
            })}
          </div>
        </div>
      )}
    </nav>
  );
}
