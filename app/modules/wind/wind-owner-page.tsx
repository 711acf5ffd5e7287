import { Form, Link, useSubmit } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { labelOf, optionLabel } from "~/lib/list/types";
import type { LiveStore } from "~/modules/monitor/live-store";
import { useWallLive } from "~/modules/wall/use-wall-live";
import { formatOne as fmt1 } from "~/modules/wall/wall";
import { buttonClass } from "~/ui/button";
import { Card } from "~/ui/card";
import { Select } from "~/ui/input";
import { HeadRow, Row, Table, Td, Th } from "~/ui/table";
import { STOP_REASONS, TURBINE_DONE, TURBINE_STAGES } from "./wind-project.resource";
import { progressOf, type WindCrane, type WindFigures } from "./wind";
import { craneIdsOf, PositionChips, useCraneWind, VERDICT_TONE } from "./wind-parts";
import { WIND } from "./texts/wind";

export interface WindOwnerData {
  choices: { id: number; label: string }[];
  chosen: number | null;
  figures: WindFigures | null;
}

/**
 * 风电业主大屏 (inside the layout): one wind project as its owner follows it: progress over the turbine positions, each
 * position's stage, the cranes with the wind at each now against its limit, the hours stopped and the latest stops.
 * 打开大屏 opens the same project on the wall screen.
 */
export function WindOwnerPage({ data }: { data: WindOwnerData }) {
  const { t, i18n } = useTranslation(WIND);
  const submit = useSubmit();
  const lang = i18n.language;
  const project = data.figures?.projects[0] ?? null;
  return (
    <div className="space-y-4 p-4" data-testid="wind-owner">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold text-ink">{t("screen.ownerTitle")}</h1>
        {data.choices.length > 0 && (
          <Form method="get" className="flex items-center gap-2" onChange={(e) => submit(e.currentTarget)}>
            <label htmlFor="wind-project" className="whitespace-nowrap text-sm text-muted">
              {t("screen.pick")}
            </label>
            <Select id="wind-project" name="project" defaultValue={data.chosen ?? undefined} className="w-72">
              {data.choices.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </Select>
            <noscript>
              <button type="submit" className={buttonClass({ variant: "secondary" })}>
                {t("screen.pick")}
              </button>
            </noscript>
          </Form>
        )}
        {project && (
          <Link to={`/windScreen?project=${project.id}`} target="_blank" rel="noopener" className={`ml-auto ${buttonClass({ variant: "secondary" })}`}>
            {t("screen.openWall")}
          </Link>
        )}
      </div>
      {!project || !data.figures ? (
        <p className="rounded-lg border border-line bg-panel p-8 text-center text-muted">{t("screen.none")}</p>
      ) : (
        <OwnerProject figures={data.figures} lang={lang} />
      )}
    </div>
  );
}

function OwnerProject({ figures, lang }: { figures: WindFigures; lang: string }) {
  const { t } = useTranslation(WIND);
  const p = figures.projects[0]!;
  const { store } = useWallLive(null, craneIdsOf(figures.projects), "all");
  const done = p.positions.filter((x) => x.stage === TURBINE_DONE).length;
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-5" data-testid="wind-owner-kpis">
        <Figure label={t("screen.progress")} value={`${progressOf(p.positions)}%`} />
        <Figure label={t("screen.erected")} value={t("screen.positionsOf", { done, total: p.positions.length })} />
        <Figure label={t("screen.cranes")} value={String(p.cranes.length)} />
        <Figure label={t("screen.stopHoursMonth")} value={fmt1(p.stopHoursMonth)} />
        <Figure label={t("screen.stopHoursTotal")} value={fmt1(p.stopHoursTotal)} />
      </dl>
      <p className="text-sm text-muted">
        {[p.owner && `${t("screen.owner")}: ${p.owner}`, `${t("screen.site")}: ${p.site}`, `${t("screen.period")}: ${p.startOn} ~ ${p.plannedEndOn ?? ""}`, p.turbineModel && `${p.turbineModel}${p.capacityMw ? ` ${p.capacityMw} MW` : ""}`].filter(Boolean).join(" · ")}
        {p.stoppedNow && <span className="ml-2 rounded bg-danger/15 px-2 text-danger">{t("screen.stopping")}</span>}
      </p>
      <div className="grid gap-4 xl:grid-cols-2">
        <Card title={t("screen.stages")}>
          <div className="mb-3">
            <PositionChips positions={p.positions} lang={lang} />
          </div>
          <Table testId="wind-owner-positions">
            <thead>
              <HeadRow>
                <Th>{t("screen.positionNo")}</Th>
                <Th num>{t("screen.hubHeight")}</Th>
                <Th>{t("screen.stage")}</Th>
                <Th>{t("screen.doneOn")}</Th>
              </HeadRow>
            </thead>
            <tbody>
              {p.positions.map((x) => (
                <Row key={x.positionNo}>
                  <Td>{x.positionNo}</Td>
                  <Td num>{x.hubHeight === null ? "—" : `${fmt1(x.hubHeight)} m`}</Td>
                  <Td>{labelOf(TURBINE_STAGES[x.stage]?.label ?? TURBINE_STAGES[0]!.label, lang)}</Td>
                  <Td>{x.doneOn ?? ""}</Td>
                </Row>
              ))}
            </tbody>
          </Table>
        </Card>
        <div className="space-y-4">
          <Card title={t("screen.cranes")}>
            {p.cranes.length === 0 ? (
              <p className="text-muted">{t("screen.noCranes")}</p>
            ) : (
              <ul className="divide-y divide-line" data-testid="wind-owner-cranes">
                {p.cranes.map((c) => (
                  <OwnerCrane key={c.vehicleId} crane={c} store={store} lang={lang} />
                ))}
              </ul>
            )}
          </Card>
          <Card title={t("screen.stops")} extra={<span className="text-sm text-muted">{t("screen.totalStops", { hours: fmt1(p.stopHoursTotal), count: p.stopCount })}</span>}>
            {figures.stops.length === 0 ? (
              <p className="text-muted">{t("screen.stopsNone")}</p>
            ) : (
              <Table testId="wind-owner-stops">
                <thead>
                  <HeadRow>
                    <Th>{t("screen.stopDay")}</Th>
                    <Th>{t("screen.stopTime")}</Th>
                    <Th>{t("screen.reason")}</Th>
                    <Th num>{t("screen.windMeasured")}</Th>
                    <Th num>{t("screen.hours")}</Th>
                  </HeadRow>
                </thead>
                <tbody>
                  {figures.stops.map((s, i) => (
                    <Row key={i}>
                      <Td>{s.stopOn}</Td>
                      <Td>
                        {s.fromTime}–{s.toTime ?? t("screen.ongoing")}
                      </Td>
                      <Td>{optionLabel(STOP_REASONS, s.reason, lang)}</Td>
                      <Td num>{s.windSpeed === null ? "—" : `${fmt1(s.windSpeed)} m/s`}</Td>
                      <Td num>{s.toTime ? fmt1(s.hours) : "—"}</Td>
                    </Row>
                  ))}
                </tbody>
              </Table>
            )}
          </Card>
        </div>
      </div>
    </>
  );
}

function OwnerCrane({ crane: c, store, lang }: { crane: WindCrane; store: LiveStore; lang: string }) {
  const { t } = useTranslation(WIND);
  const { wind, verdict, role } = useCraneWind(store, c);
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2" data-crane={c.vehicleId} data-verdict={verdict}>
      <span className="min-w-40 font-medium">
        {c.selfNo ?? c.plate}
        <span className="ml-2 text-sm text-muted">{[role && labelOf(role.label, lang), c.model].filter(Boolean).join(" · ")}</span>
      </span>
      <span className={`tabular-nums ${VERDICT_TONE[verdict]}`}>
        {t("screen.wind")} {wind === null ? "—" : `${fmt1(wind)} m/s`}
      </span>
      <span className="text-sm text-muted">{t("screen.limit", { limit: fmt1(c.limitMs) })}</span>
      <span className={`ml-auto text-sm ${VERDICT_TONE[verdict]}`}>{verdict === "none" ? t("screen.noReading") : verdict === "over" ? t("screen.stop") : t("screen.liftable")}</span>
    </li>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-line bg-panel px-4 py-3">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-1 truncate text-xl font-semibold tabular-nums text-ink">{value}</dd>
    </div>
  );
}
