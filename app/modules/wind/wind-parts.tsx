import { useSyncExternalStore } from "react";
import { labelOf } from "~/lib/list/types";
import type { LiveStore } from "~/modules/monitor/live-store";
import { CRANE_ROLES, TURBINE_STAGES } from "./wind-project.resource";
import { windVerdict, type WindCrane, type WindProjectFigures, type WindVerdict } from "./wind";

// What the wind wall and the owner's screen share, apart from the wall's frame and charts (the owner's screen sits in
// the layout, within a business screen's first-load budget).

/** A turbine position's chip by its stage: grey not started, blue shades while lifting, green erected. */
export const STAGE_TONE = ["bg-line text-muted", "bg-slate-500/30 text-ink", "bg-brand/25 text-ink", "bg-brand/45 text-ink", "bg-brand/70 text-white", "bg-green-600/70 text-white"];
export const VERDICT_TONE: Record<WindVerdict, string> = { ok: "text-success", near: "text-warning", over: "text-danger", none: "text-muted" };
export const BAR_TONE: Record<WindVerdict, string> = { ok: "bg-success", near: "bg-warning", over: "bg-danger", none: "bg-line" };

/** The ids of the cranes of these projects, once each: what the screen watches on the hub. */
export const craneIdsOf = (projects: readonly WindProjectFigures[]) => [...new Set(projects.flatMap((p) => p.cranes.map((c) => c.vehicleId)))];

/** The positions as chips coloured by stage, the position's number on each (its stage in the title). */
export function PositionChips({ positions, lang }: { positions: WindProjectFigures["positions"]; lang: string }) {
  return (
    <ul className="flex min-h-0 flex-1 flex-wrap content-start gap-1 overflow-hidden" data-testid="wind-positions">
      {positions.map((x) => (
        <li key={x.positionNo} className={`rounded px-1.5 text-base tabular-nums ${STAGE_TONE[x.stage] ?? STAGE_TONE[0]}`} title={labelOf(TURBINE_STAGES[x.stage]?.label ?? TURBINE_STAGES[0]!.label, lang)} data-stage={x.stage}>
          {x.positionNo}
        </li>
      ))}
    </ul>
  );
}


/** A crane's wind now (its anemometer over the hub, re-read as its live state changes), judged against its limit, and its role. */
export function useCraneWind(store: LiveStore, crane: WindCrane) {
  useSyncExternalStore(store.subscribe, () => store.revOf(crane.vehicleId), () => 0);
  const wind = store.get(crane.vehicleId)?.crane?.wind ?? null;
  return { wind, verdict: windVerdict(wind, crane.limitMs), role: CRANE_ROLES.find((r) => r.value === crane.role) };
}
