import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { hasScreen, requireScope } from "~/modules/access/access.server";
import { formatCell } from "~/lib/list/format";
import { labelOf } from "~/lib/list/types";
import { loadVehicleDetails } from "~/modules/telematics/details.server";
import { INSTALL_STATES, VEHICLE_STATES, vehicleView } from "~/modules/telematics/vehicles.resource";
import { RouteErrorBoundary } from "~/ui/error-state";
import { TELEMATICS } from "~/modules/telematics/texts/telematics";
import { stampInZone } from "~/lib/tenant-clock";
import { useTimeZone } from "~/lib/use-time-zone";
import { faultListText } from "~/modules/alarms/alarm-detail";
import { useJ1939Names } from "~/modules/alarms/use-j1939-names";
import { vehicleRental } from "~/modules/rent/rental-history.server";
import { RentalSection } from "~/modules/rent/rental-section";
import { pageTitle } from "~/lib/page-title";
import { towerStages } from "~/modules/tower-docs/tower-doc.server";
import { TowerStageSection, type TowerStageView } from "~/modules/tower-docs/tower-stage-section";
import { vehicleCertificateRows } from "~/modules/certificates/certificate.server";
import { vehicleInspections } from "~/modules/inspections/record.server";
import { openAbnormalities } from "~/modules/inspections/abnormality.server";
import { maintenanceOfVehicle } from "~/modules/maintenance/schedule.server";
import { vehicleRepairs } from "~/modules/repairs/vehicle-repairs.server";
import { VehicleUpkeepTabs, type VehicleUpkeep } from "~/modules/repairs/vehicle-upkeep-tabs";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: pageTitle(matches, { zh: "设备详情", en: "Device Details" }, data && "vehicle" in data ? data.vehicle.plate : undefined) }];

/** /deviceDetails?id=N: one vehicle's every archive field and, when the hub has it, its live state. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: "/deviceDetails" });
  const asked = new URL(request.url).searchParams.get("id");
  // opened from the menu without a vehicle: say where to pick one
  if (asked === null) return { none: true as const };
  const vehicleId = Number(asked) || 0;
  // the upkeep tabs' reads run beside the archive, each only for a user of its screen, each scoped to the machines the
  // user sees (a machine out of scope reads empty, and the page is 404 anyway); the rental likewise
  const can = (screen: string) => hasScreen(scope.access, screen);
  const [details, rental, records, issues, maintenance, repairs, certificates] = await Promise.all([
    loadVehicleDetails(scope, Number(asked)),
    vehicleRental(scope, vehicleId),
    can("/inspectionPlan") || can("/personalInspection") ? vehicleInspections(scope, vehicleId) : null,
    can("/inspectionPlan") || can("/personalInspection") ? openAbnormalities(scope, vehicleId) : null,
    can("/maintenancePlan") ? maintenanceOfVehicle(scope, vehicleId) : null,
    can("/equipmentRepair") ? vehicleRepairs(scope, vehicleId) : null,
    can("/certificate") ? vehicleCertificateRows(scope, vehicleId) : null,
  ]);
  if (!details) throw new Response("Not Found", { status: 404 });
  // a tower crane's page shows where its file (塔吊档案) says it is
  const id = details.vehicle.id;
  const stages = details.vehicle.vehicleType === "3" ? await towerStages(scope.db, scope.user.tenantId, [id]) : null;
  const tower: TowerStageView | null = stages ? { vehicleId: id, file: stages.get(id) ?? null } : null;
  const permitted = (code: string) => scope.access.permissions.has(code);
  const upkeep: VehicleUpkeep = {
    inspections: records && issues ? { records, issues } : null,
    maintenance: maintenance ? { data: maintenance, canRecord: permitted("maintenancePlan:add") } : null,
    repairs: repairs ? { ...repairs, canAdd: permitted("equipmentRepair:add") } : null,
    certificates,
  };
  return { ...details, rental, tower, upkeep };
}

const at = (ms: number | null | undefined, timeZone: string) => (ms ? stampInZone(ms, timeZone) : "—");

export default function DeviceDetails() {
  const data = useLoaderData<typeof loader>();
  return "none" in data ? <NoVehicle /> : <Details {...data} />;
}

function NoVehicle() {
  const { t } = useTranslation(TELEMATICS);
  return (
    <div className="p-4">
      <h1 className="mb-3 text-xl font-semibold text-ink">{t("details.title")}</h1>
      <p className="text-sm text-muted">
        {t("details.pick")}{" "}
        <Link to="/deviceList" className="text-brand">
          {t("details.back")}
        </Link>
      </p>
    </div>
  );
}

function Details({ vehicle, live, options, rental, tower, upkeep }: Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { none: true }>) {
  const { t, i18n } = useTranslation(TELEMATICS);
  const lang = i18n.language;
  const timeZone = useTimeZone();
  // the fault names' dictionary comes in its own chunk, only when the vehicle reports faults
  const faultNames = useJ1939Names(Boolean(live?.faults.length));
  const values: Record<string, unknown> = vehicle;
  const shown = (key: string): string => {
    const field = vehicleView.form.find((f) => f.key === key)!;
    const v = values[key];
    if (v === null || v === undefined || v === "") return "—";
    const choice = field.options?.find((o) => o.value === String(v));
    if (choice) return labelOf(choice.label, lang);
    const named = options[key]?.find((o) => o.value === String(v));
    return named?.label ?? String(v);
  };
  const status = (col: "state" | "saleState" | "installed", opts: typeof VEHICLE_STATES) => formatCell({ key: col, label: { zh: "", en: "" }, type: "status", options: opts }, values[col], lang);
  const archive: [string, string][] = [
    ...vehicleView.form.filter((f) => f.type !== "password").map((f) => [labelOf(f.label, lang), shown(f.key)] as [string, string]),
    [labelOf({ zh: "状态", en: "State" }, lang), status("state", VEHICLE_STATES).text],
    [labelOf({ zh: "安装状态", en: "Installation" }, lang), status("installed", INSTALL_STATES).text],
    [t("details.installedAt"), at(vehicle.installedAt, timeZone)],
    [t("details.uninstalledAt"), at(vehicle.uninstalledAt, timeZone)],
    [t("details.secretSet"), vehicle.hasSecret ? t("details.secretYes") : t("details.secretNo")],
    [t("details.osmandKeySet"), vehicle.hasOsmandKey ? t("details.secretYes") : t("details.secretNo")],
  ];
  const num = (v: number | null | undefined, unit: string, digits = 1) => (v === null || v === undefined ? "—" : `${v.toFixed(digits)} ${unit}`);
  return (
    <div className="p-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold text-ink">
          {t("details.title")} · {vehicle.plate}
        </h1>
        <Link to="/deviceList" className="text-sm text-brand">
          ← {t("details.back")}
        </Link>
      </div>
      <section aria-labelledby="live-title" className="mb-4 rounded-lg border border-line bg-panel p-4">
        <h2 id="live-title" className="mb-3 text-base font-semibold text-ink">
          {t("details.live")}
        </h2>
        {live ? (
          <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm md:grid-cols-4" data-testid="live-state">
            <Item label={t("details.status")} value={t(`details.statuses.${live.status}`)} />
            <Item label={t("details.lastReport")} value={at(live.t, timeZone)} />
            <Item label={t("details.position")} value={live.lng !== null && live.lat !== null ? `${live.lng.toFixed(6)}, ${live.lat.toFixed(6)}` : "—"} />
            <Item label={t("details.speed")} value={num(live.speed, "km/h")} />
            <Item label={t("details.heading")} value={live.heading === null ? "—" : `${Math.round(live.heading)}°`} />
            <Item label={t("details.mileage")} value={num(live.mileage, "km")} />
            <Item label={t("details.fuel")} value={num(live.fuel, "%")} />
            <Item label={t("details.rpm")} value={num(live.rpm, "rpm", 0)} />
            <Item label={t("details.battery")} value={num(live.battery, "V")} />
            <Item label={t("details.acc")} value={live.acc === null ? "—" : live.acc ? t("details.on") : t("details.off")} />
            <Item label={t("details.alarm")} value={live.alarm ? t("details.yes") : t("details.no")} />
            <Item label={t("details.faults")} value={live.faults.length ? faultListText(live.faults, lang, faultNames) : "—"} />
          </dl>
        ) : (
          <p className="text-sm text-muted">{t("details.liveNone")}</p>
        )}
      </section>
      {tower && <TowerStageSection tower={tower} />}
      <RentalSection rental={rental} />
      <VehicleUpkeepTabs vehicleId={vehicle.id} upkeep={upkeep} />
      <section aria-labelledby="archive-title" className="rounded-lg border border-line bg-panel p-4">
        <h2 id="archive-title" className="mb-3 text-base font-semibold text-ink">
          {t("details.archive")}
        </h2>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm md:grid-cols-4" data-testid="archive-fields">
          {archive.map(([label, value]) => (
            <Item key={label} label={label} value={value} />
          ))}
        </dl>
      </section>
    </div>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-muted">{label}</dt>
      <dd className="mt-0.5 break-all text-ink">{value}</dd>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
