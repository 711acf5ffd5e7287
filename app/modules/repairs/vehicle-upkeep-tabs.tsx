import { Link } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { optionLabel } from "~/lib/list/types";
import { stampInZone } from "~/lib/tenant-clock";
import { useTimeZone } from "~/lib/use-time-zone";
import { CertificateSection } from "~/modules/certificates/certificate-section";
import type { VehicleCertificateRow } from "~/modules/certificates/certificate.server";
import { SEVERITIES } from "~/modules/inspections/abnormality.resource";
import type { openAbnormalities } from "~/modules/inspections/abnormality.server";
import type { vehicleInspections } from "~/modules/inspections/record.server";
import { VehicleMaintenanceSection } from "~/modules/maintenance/maintenance-section";
import type { VehicleMaintenance } from "~/modules/maintenance/schedule.server";
import { HeadRow, Row, Table, Td, Th } from "~/ui/table";
import { Tabs, type TabItem } from "~/ui/tabs";
import { REPAIR_STATES } from "./repair.resource";
import { REPAIRS } from "./texts/repairs";
import type { VehicleRepairs } from "./vehicle-repairs.server";

/** What the machine's page read for each tab; null: the user has not that tab's screen, and nothing was read. */
export interface VehicleUpkeep {
  inspections: { records: Awaited<ReturnType<typeof vehicleInspections>>; issues: Awaited<ReturnType<typeof openAbnormalities>> } | null;
  maintenance: { data: VehicleMaintenance; canRecord: boolean } | null;
  repairs: (VehicleRepairs & { canAdd: boolean }) | null;
  certificates: VehicleCertificateRow[] | null;
}

type TabKey = "inspections" | "maintenance" | "repairs" | "certificates" | "availability";

const card = "rounded-lg border border-line bg-panel p-4";
const link = "text-brand hover:underline focus-visible:outline-2 focus-visible:outline-brand";

/**
 * The machine's upkeep on /deviceDetails (issue 42): inspections, maintenance, repairs, certificates, downtime and
 * availability, each tab for a user of its screen. Every panel is rendered, the others hidden, so the page reads whole
 * without JavaScript; the first tab with something to show opens.
 */
export function VehicleUpkeepTabs({ vehicleId, upkeep }: { vehicleId: number; upkeep: VehicleUpkeep }) {
  const { t } = useTranslation(REPAIRS);
  const { inspections, maintenance, repairs, certificates } = upkeep;
  const tabs: { key: TabKey; filled: boolean; panel: ReactNode }[] = [];
  if (inspections) tabs.push({ key: "inspections", filled: inspections.records.length + inspections.issues.length > 0, panel: <InspectionsPanel {...inspections} /> });
  if (maintenance) tabs.push({ key: "maintenance", filled: maintenance.data.schedules.length + maintenance.data.records.length > 0, panel: <VehicleMaintenanceSection vehicleId={vehicleId} maintenance={maintenance.data} canRecord={maintenance.canRecord} /> });
  if (repairs) tabs.push({ key: "repairs", filled: repairs.orders.length > 0, panel: <RepairsPanel vehicleId={vehicleId} repairs={repairs} /> });
  if (certificates) tabs.push({ key: "certificates", filled: certificates.length > 0, panel: <CertificateSection vehicleId={vehicleId} rows={certificates} /> });
  if (repairs) tabs.push({ key: "availability", filled: repairs.orders.length > 0, panel: <AvailabilityPanel repairs={repairs} /> });
  const [active, setActive] = useState<TabKey | undefined>(() => (tabs.find((tab) => tab.filled) ?? tabs[0])?.key);
  if (tabs.length === 0 || active === undefined) return null;
  const items: TabItem<TabKey>[] = tabs.map((tab) => ({ value: tab.key, label: t(`upkeep.tabs.${tab.key}`), content: <div className="pt-3">{tab.panel}</div> }));
  return (
    <section aria-label={t("upkeep.label")} className="mb-4" data-testid="vehicle-upkeep">
      <Tabs label={t("upkeep.label")} id="upkeep" items={items} value={active} onValueChange={setActive} />
      {/* the panels not shown stay in the page, hidden, for a reader without JavaScript and for the tabs' aria-controls */}
      {tabs
        .filter((tab) => tab.key !== active)
        .map((tab) => (
          <div key={tab.key} role="tabpanel" id={`upkeep-panel-${tab.key}`} aria-labelledby={`upkeep-tab-${tab.key}`} hidden>
            <div className="pt-3">{tab.panel}</div>
          </div>
        ))}
    </section>
  );
}

function InspectionsPanel({ records, issues }: NonNullable<VehicleUpkeep["inspections"]>) {
  const { t, i18n } = useTranslation(REPAIRS);
  const lang = i18n.language;
  return (
    <div className={card} data-testid="vehicle-inspections">
      <h2 className="mb-2 text-base font-semibold text-ink">{t("upkeep.inspections.records")}</h2>
      {records.length ? (
        <Table bare>
          <thead>
            <HeadRow>
              <Th>{t("upkeep.inspections.number")}</Th>
              <Th>{t("upkeep.inspections.procedure")}</Th>
              <Th>{t("upkeep.inspections.doneOn")}</Th>
              <Th>{t("upkeep.inspections.result")}</Th>
            </HeadRow>
          </thead>
          <tbody>
            {records.map((r) => (
              <Row key={r.id}>
                <Td>
                  <Link to={`/personalInspection/record?id=${r.id}`} className={link}>
                    {r.number}
                  </Link>
                </Td>
                <Td>{r.procedureName}</Td>
                <Td className="tabular-nums">{r.doneOn}</Td>
                <Td className={r.passed ? "text-success" : "text-danger"}>{r.passed ? t("upkeep.inspections.passed") : t("upkeep.inspections.failed", { items: r.failedItems })}</Td>
              </Row>
            ))}
          </tbody>
        </Table>
      ) : (
        <p className="text-sm text-muted">{t("upkeep.inspections.none")}</p>
      )}
      <h3 className="mb-1 mt-4 text-sm font-medium text-ink">{t("upkeep.inspections.issues")}</h3>
      {issues.length ? (
        <ul className="divide-y divide-line text-sm">
          {issues.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-1.5">
              <Link to={`/abnormalReport/form?id=${a.id}`} className={`min-w-32 ${link}`}>
                {a.number}
              </Link>
              <span className="text-ink">{a.title}</span>
              <span className="text-muted">{optionLabel(SEVERITIES, a.severity, lang)}</span>
              <span className="ml-auto tabular-nums text-muted">{a.foundOn}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">{t("upkeep.inspections.noIssues")}</p>
      )}
    </div>
  );
}

function RepairsPanel({ vehicleId, repairs }: { vehicleId: number; repairs: NonNullable<VehicleUpkeep["repairs"]> }) {
  const { t, i18n } = useTranslation(REPAIRS);
  const lang = i18n.language;
  const timeZone = useTimeZone();
  return (
    <div className={card} data-testid="vehicle-repairs">
      <div className="mb-2 flex items-center gap-3">
        <h2 className="text-base font-semibold text-ink">{t("upkeep.repairs.title")}</h2>
        {repairs.canAdd ? (
          <Link to={`/equipmentRepair/form?new=1&vehicleId=${vehicleId}`} className={`ml-auto text-sm ${link}`}>
            {t("upkeep.repairs.new")}
          </Link>
        ) : null}
      </div>
      {repairs.orders.length ? (
        <Table bare>
          <thead>
            <HeadRow>
              <Th>{t("upkeep.repairs.number")}</Th>
              <Th>{t("upkeep.repairs.state")}</Th>
              <Th>{t("upkeep.repairs.fault")}</Th>
              <Th>{t("upkeep.repairs.downFrom")}</Th>
              <Th>{t("upkeep.repairs.downTo")}</Th>
              <Th num>{t("upkeep.repairs.cost")}</Th>
            </HeadRow>
          </thead>
          <tbody>
            {repairs.orders.map((o) => (
              <Row key={o.id}>
                <Td>
                  <Link to={`/equipmentRepair/form?id=${o.id}`} className={link}>
                    {o.number}
                  </Link>
                </Td>
                <Td className="whitespace-nowrap">{optionLabel(REPAIR_STATES, o.state, lang)}</Td>
                <Td>{o.fault}</Td>
                <Td className="whitespace-nowrap tabular-nums">{stampInZone(o.downFrom, timeZone, false)}</Td>
                <Td className="whitespace-nowrap tabular-nums">{o.downTo ? stampInZone(o.downTo, timeZone, false) : t("upkeep.repairs.stillDown")}</Td>
                <Td num>{o.total}</Td>
              </Row>
            ))}
          </tbody>
        </Table>
      ) : (
        <p className="text-sm text-muted">{t("upkeep.repairs.none")}</p>
      )}
    </div>
  );
}

const figure = (n: number | null, suffix = "") => (n === null ? "—" : `${n.toFixed(1)}${suffix}`);

function AvailabilityPanel({ repairs }: { repairs: NonNullable<VehicleUpkeep["repairs"]> }) {
  const { t } = useTranslation(REPAIRS);
  return (
    <div className={card} data-testid="vehicle-availability">
      <h2 className="mb-1 text-base font-semibold text-ink">{t("upkeep.availability.title")}</h2>
      <p className="mb-2 text-xs text-muted">{t("upkeep.availability.note")}</p>
      <Table bare>
        <thead>
          <HeadRow>
            <Th>{t("upkeep.availability.month")}</Th>
            <Th num>{t("upkeep.availability.downHours")}</Th>
            <Th num>{t("upkeep.availability.failures")}</Th>
            <Th num>{t("upkeep.availability.mtbf")}</Th>
            <Th num>{t("upkeep.availability.mttr")}</Th>
            <Th num>{t("upkeep.availability.availability")}</Th>
          </HeadRow>
        </thead>
        <tbody>
          {repairs.availability.map((m) => (
            <Row key={m.month} data-month={m.month}>
              <Td className="tabular-nums">{m.month}</Td>
              <Td num>{figure(m.downHours)}</Td>
              <Td num>{m.failures}</Td>
              <Td num>{figure(m.mtbfHours)}</Td>
              <Td num>{figure(m.mttrHours)}</Td>
              <Td num>{figure(m.availabilityPct, "%")}</Td>
            </Row>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
