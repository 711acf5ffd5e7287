import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatInZone } from "~/lib/tenant-clock";
import { useTimeZone } from "~/lib/use-time-zone";
import { Badge, type BadgeTone } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Alert } from "~/ui/field";
import { Input, Select, Textarea } from "~/ui/input";
import { HeadRow, Row, Table, Td, Th } from "~/ui/table";
import { HEALTH_GRADES, type CheckLevel, type HealthFinding, type HealthGrade } from "./grading";
import type { HealthError, healthLoader } from "./health.server";
import { StateTabs } from "./state-tabs";
import { TERMINAL_HEALTH } from "./texts/terminalHealth";

const GRADE_TONE: Record<HealthGrade, BadgeTone> = { healthy: "success", subHealthy: "warning", serious: "danger" };
const LEVEL_CLASS: Record<CheckLevel, string> = { ok: "text-success", warn: "text-warning", bad: "text-danger", na: "text-muted" };

type Answer = { error?: HealthError; id?: number; note?: string } | undefined;

/** A finding as a sentence: the check's name and its level's text with the figures. */
function useFindingText() {
  const { t } = useTranslation(TERMINAL_HEALTH);
  return (f: HealthFinding) => {
    const variant = f.check === "positions" && f.level === "bad" && f.values.expected === 0 ? "badNone" : f.check === "drift" && f.level === "warn" && "minutes" in f.values ? "warnLag" : f.level;
    return `${t(`checks.${f.check}.name`)}: ${t(`checks.${f.check}.${variant}` as "checks.positions.ok", f.values)}`;
  };
}

/** 健康检测: run a test for chosen machines, the results with their findings, health alarms handled with a description, retests. */
export function HealthPage() {
  const d = useLoaderData<typeof healthLoader>();
  const answer = useActionData<Answer>();
  const { t, i18n } = useTranslation(TERMINAL_HEALTH);
  const tz = useTimeZone();
  const busy = useNavigation().state === "submitting";
  const findingText = useFindingText();
  const when = (ms: number) => formatInZone(ms, tz, i18n.language);
  const error = (key: HealthError | undefined) => (key ? t(`health.${key}`, { max: key === "tooMany" ? d.max : d.noteMax }) : null);
  const generalError = answer?.error && answer.id === undefined ? error(answer.error) : null;
  return (
    <>
      <StateTabs />
      <div className="space-y-4 p-4" data-testid="health-tests">
        <p className="text-xs text-muted">{t("health.intro")}</p>
        {generalError ? <Alert tone="error">{generalError}</Alert> : null}
        {d.canEdit ? (
          <Form method="post" className="flex flex-wrap items-end gap-3 rounded-lg border border-line bg-panel p-3" data-testid="health-run">
            <input type="hidden" name="intent" value="run" />
            <label className="text-sm">
              <span className="mb-1 block text-muted">{t("health.vehicles")}</span>
              <Select name="vehicleId" multiple size={5} className="h-auto w-64 py-1" aria-describedby="health-run-hint">
                {d.machines.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.plate}
                  </option>
                ))}
              </Select>
            </label>
            <div className="flex flex-col gap-2">
              <span id="health-run-hint" className="text-xs text-muted">
                {t("health.vehiclesHint", { max: d.max })}
              </span>
              <Button type="submit" disabled={busy} className="self-start">
                {t("health.run")}
              </Button>
            </div>
          </Form>
        ) : null}
        <Form method="get" className="flex flex-wrap items-end gap-3 text-sm" data-testid="health-filters">
          <label>
            <span className="mb-1 block text-muted">{t("health.filterGrade")}</span>
            <Select name="grade" defaultValue={d.filters.grade ?? ""} className="w-36">
              <option value="">{t("health.allGrades")}</option>
              {HEALTH_GRADES.map((g) => (
                <option key={g} value={g}>
                  {t(`grades.${g}`)}
                </option>
              ))}
            </Select>
          </label>
          <label>
            <span className="mb-1 block text-muted">{t("health.filterAlarm")}</span>
            <Select name="open" defaultValue={d.filters.open ? "1" : ""} className="w-40">
              <option value="">{t("health.allAlarms")}</option>
              <option value="1">{t("health.openOnly")}</option>
            </Select>
          </label>
          <label>
            <span className="mb-1 block text-muted">{t("health.plateSearch")}</span>
            <Input name="q" defaultValue={d.filters.q} className="w-40" maxLength={30} />
          </label>
          <Button type="submit" variant="secondary">
            {t("health.filter")}
          </Button>
        </Form>
        <Table testId="health-table" caption={t("health.listTitle")}>
          <thead>
            <HeadRow>
              <Th>{t("health.time")}</Th>
              <Th>{t("health.plate")}</Th>
              <Th>{t("health.trigger")}</Th>
              <Th>{t("health.grade")}</Th>
              <Th>{t("health.findings")}</Th>
              <Th>{t("health.alarm")}</Th>
              {d.canEdit ? <Th>{t("health.actions")}</Th> : null}
            </HeadRow>
          </thead>
          <tbody>
            {d.runs.length === 0 ? (
              <tr>
                <td colSpan={d.canEdit ? 7 : 6} className="px-3 py-6 text-center text-muted">
                  {t("health.empty")}
                </td>
              </tr>
            ) : (
              d.runs.map((r) => {
                const alarm = r.grade !== "healthy";
                const mine = answer?.id === r.id ? answer : undefined;
                const notOk = r.findings.filter((f) => f.level === "warn" || f.level === "bad");
                return (
                  <Row key={r.id} data-testid={`health-run-${r.id}`}>
                    <Td className="whitespace-nowrap" suppressHydrationWarning>
                      {when(r.createdAt)}
                    </Td>
                    <Td className="whitespace-nowrap">
                      <Link to={`/deviceDetails?id=${r.vehicleId}`} className="font-medium text-brand hover:underline">
                        {r.plate}
                      </Link>
                    </Td>
                    <Td className="whitespace-nowrap">
                      {t(`triggers.${r.trigger}`)}
                      {r.retestOfAt ? (
                        <span className="block text-xs text-muted" suppressHydrationWarning>
                          {t("health.retestOf", { time: when(r.retestOfAt) })}
                        </span>
                      ) : null}
                    </Td>
                    <Td className="whitespace-nowrap">
                      <Badge tone={GRADE_TONE[r.grade]} dot>
                        {t(`grades.${r.grade}`)}
                      </Badge>
                    </Td>
                    <Td>
                      <details>
                        <summary className="cursor-pointer text-sm">{notOk.length ? notOk.map((f) => t(`checks.${f.check}.name`)).join("、") : t("health.allOk")}</summary>
                        <ul className="mt-1 space-y-0.5 text-xs">
                          {r.findings.map((f) => (
                            <li key={f.check} className={LEVEL_CLASS[f.level]}>
                              {findingText(f)}
                            </li>
                          ))}
                        </ul>
                      </details>
                    </Td>
                    <Td className="min-w-40 text-sm">
                      {!alarm ? (
                        t("health.noAlarm")
                      ) : r.handledAt ? (
                        <span suppressHydrationWarning>
                          <Badge tone="success">{t("health.handled")}</Badge>
                          <span className="mt-1 block text-xs text-muted">{t("health.handledBy", { user: r.handler ?? "—", time: when(r.handledAt), note: r.handleNote ?? "" })}</span>
                        </span>
                      ) : (
                        <Badge tone="danger">{t("health.unhandled")}</Badge>
                      )}
                    </Td>
                    {d.canEdit ? (
                      <Td className="min-w-56 text-sm">
                        <div className="flex flex-col gap-2">
                          {alarm && !r.handledAt ? (
                            <details open={Boolean(mine?.error && mine.error !== "alreadyHandled")}>
                              <summary className="cursor-pointer text-brand">{t("health.handle")}</summary>
                              <Form method="post" className="mt-1 space-y-1">
                                <input type="hidden" name="intent" value="handle" />
                                <input type="hidden" name="id" value={r.id} />
                                <label className="block text-xs text-muted" htmlFor={`note-${r.id}`}>
                                  {t("health.note")}
                                </label>
                                <Textarea id={`note-${r.id}`} name="note" rows={2} maxLength={d.noteMax} defaultValue={mine?.note ?? ""} aria-invalid={mine?.error ? true : undefined} aria-describedby={mine?.error ? `note-error-${r.id}` : undefined} />
                                {mine?.error ? (
                                  <p id={`note-error-${r.id}`} role="alert" className="text-xs text-danger">
                                    {error(mine.error)}
                                  </p>
                                ) : null}
                                <Button type="submit" size="sm" disabled={busy}>
                                  {t("health.save")}
                                </Button>
                              </Form>
                            </details>
                          ) : null}
                          {r.retested ? (
                            <span className="text-xs text-muted">{t("health.retested")}</span>
                          ) : (
                            <Form method="post" title={t("health.retestConfirm")}>
                              <input type="hidden" name="intent" value="retest" />
                              <input type="hidden" name="id" value={r.id} />
                              <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                                {t("health.retest")}
                              </Button>
                            </Form>
                          )}
                        </div>
                      </Td>
                    ) : null}
                  </Row>
                );
              })
            )}
          </tbody>
        </Table>
        {d.runs.length >= 200 ? <p className="text-xs text-muted">{t("health.more", { shown: d.runs.length })}</p> : null}
      </div>
    </>
  );
}
