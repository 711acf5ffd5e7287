import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatCents } from "~/lib/cents";
import { labelOf, optionLabel } from "~/lib/list/types";
import { Badge, type BadgeTone } from "~/ui/badge";
import { DUE_BYS, DUE_STATES, MAINTENANCE_PATH, meterLabel } from "./maintenance";
import type { ScheduleRow, VehicleMaintenance } from "./schedule.server";

const TONE: Record<string, BadgeTone> = { danger: "danger", warning: "warning", success: "success" };

/** Schedules as a table: the machine or the plan, the state, what is left, the forecast day and the meter; 登记保养 on each. */
export function ScheduleTable({ rows, name, canRecord }: { rows: ScheduleRow[]; name: "plate" | "planName"; canRecord: boolean }) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const l = (zh: string, en: string) => labelOf({ zh, en }, lang);
  const th = "whitespace-nowrap px-2 py-1.5 text-left text-xs font-medium text-muted";
  return (
    <table className="w-full border-collapse text-sm" data-testid="maintenance-schedules">
      <thead>
        <tr className="border-b border-line">
          <th scope="col" className={th}>
            {name === "plate" ? l("设备", "Machine") : l("保养计划", "Plan")}
          </th>
          <th scope="col" className={th}>
            {l("状态", "State")}
          </th>
          <th scope="col" className={th}>
            {l("剩余", "Left")}
          </th>
          <th scope="col" className={th}>
            {l("预计到期日", "Forecast due day")}
          </th>
          <th scope="col" className={th}>
            {l("当前表读数", "Meter now")}
          </th>
          <th scope="col" className={th}>
            <span className="sr-only">{l("操作", "Actions")}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => {
          const state = DUE_STATES.find((s) => s.value === r.dueState);
          return (
            <tr key={r.id} className="border-b border-line/60">
              <th scope="row" className="px-2 py-1.5 text-left font-normal text-ink">
                {r[name]}
              </th>
              <td className="px-2 py-1.5">{state ? <Badge tone={TONE[state.tone ?? ""] ?? "neutral"}>{labelOf(state.label, lang)}</Badge> : null}</td>
              <td className="px-2 py-1.5 tabular-nums">{labelOf(r.leftText, lang)}</td>
              <td className="px-2 py-1.5 tabular-nums">
                {r.dueOn ?? l("无法预测", "Cannot forecast")}
                {r.dueBy ? <span className="ml-1 text-xs text-muted">{optionLabel(DUE_BYS, r.dueBy, lang)}</span> : null}
              </td>
              <td className="px-2 py-1.5 tabular-nums">{labelOf(r.meterText, lang)}</td>
              <td className="px-2 py-1.5 text-right">
                {canRecord ? (
                  <Link to={`${MAINTENANCE_PATH}/records/form?new=1&planId=${r.planId}&vehicleId=${r.vehicleId}`} className="text-brand">
                    {l("登记保养", "Record a service")}
                  </Link>
                ) : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** A plan's page, after its form: the machines it covers (those the user sees) and when each is due. */
export function PlanSchedules({ rows, canRecord }: { rows: ScheduleRow[]; canRecord: boolean }) {
  const { i18n } = useTranslation();
  const l = (zh: string, en: string) => labelOf({ zh, en }, i18n.language);
  return (
    <section aria-labelledby="plan-schedules-title" className="mb-4 rounded-lg border border-line bg-panel p-4" data-testid="plan-schedules">
      <h2 id="plan-schedules-title" className="mb-2 text-base font-semibold text-ink">
        {l("适用设备及到期情况", "Machines covered and when they are due")}
      </h2>
      {rows.length ? <ScheduleTable rows={rows} name="plate" canRecord={canRecord} /> : <p className="text-sm text-muted">{l("暂无适用设备：请选择设备类型或添加设备", "No machine covered yet: choose an equipment type or add machines")}</p>}
    </section>
  );
}

/** A machine's page (for the lead to place): its schedules under every plan and its last 10 services. */
export function VehicleMaintenanceSection({ vehicleId, maintenance, canRecord }: { vehicleId: number; maintenance: VehicleMaintenance; canRecord: boolean }) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const l = (zh: string, en: string) => labelOf({ zh, en }, lang);
  return (
    <section aria-labelledby="vehicle-maintenance-title" className="mb-4 rounded-lg border border-line bg-panel p-4" data-testid="vehicle-maintenance">
      <div className="mb-2 flex items-center gap-3">
        <h2 id="vehicle-maintenance-title" className="text-base font-semibold text-ink">
          {l("保养", "Maintenance")}
        </h2>
        <Link to={`${MAINTENANCE_PATH}/readings?new=1&vehicleId=${vehicleId}`} className="ml-auto text-sm text-brand">
          {l("录入读数", "Enter a reading")}
        </Link>
      </div>
      {maintenance.schedules.length ? <ScheduleTable rows={maintenance.schedules} name="planName" canRecord={canRecord} /> : <p className="text-sm text-muted">{l("该设备不在任何保养计划内", "No maintenance plan covers this machine")}</p>}
      <h3 className="mb-1 mt-4 text-sm font-medium text-ink">{l("最近保养记录", "Last services")}</h3>
      {maintenance.records.length ? (
        <ul className="divide-y divide-line text-sm">
          {maintenance.records.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-1.5">
              <Link to={`${MAINTENANCE_PATH}/records/form?id=${r.id}`} className="min-w-40 text-brand hover:underline">
                {r.serviceOn} {r.planName}
              </Link>
              <span className="tabular-nums text-muted">{labelOf(meterLabel(r.hours, r.km), lang)}</span>
              {r.doneBy ? <span className="text-muted">{r.doneBy}</span> : null}
              {r.cost !== null ? <span className="ml-auto tabular-nums">¥{formatCents(r.cost)}</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">{l("暂无保养记录", "No service recorded yet")}</p>
      )}
    </section>
  );
}
