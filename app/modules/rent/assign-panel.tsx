/**
 * 待派设备 on /quickSchedule (assign.server.ts): each line that names a kind of machine but no machine, with a choice of
 * the machines free over its days and 派车. A plain form per line: it works before the scripts arrive.
 */
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useMessage } from "~/i18n/message";
import { RENT } from "~/modules/rent/texts/rent";
import { equipmentTypeName } from "~/modules/telematics/vehicle-types";
import { Button } from "~/ui/button";
import { Alert } from "~/ui/field";
import { Select } from "~/ui/input";
import { HeadRow, Row, Table, Td, Th } from "~/ui/table";
import type { UnassignedLine } from "./assign.server";

export type AssignAnswer = { ok: true; plate: string; number: string } | { ok: false; message: string; lineId: number };

export function AssignPanel({ lines, canAssign }: { lines: UnassignedLine[]; canAssign: boolean }) {
  const { t, i18n } = useTranslation(RENT);
  const message = useMessage();
  const answer = useActionData<AssignAnswer>();
  const busy = useNavigation().state !== "idle";
  if (!lines.length && !answer) return null;
  return (
    <details open className="mb-3 rounded-lg border border-line bg-panel p-3" data-testid="assign-panel">
      <summary className="cursor-pointer font-semibold text-ink">
        <h2 className="inline">{t("assign.title", { count: lines.length })}</h2>
      </summary>
      <p className="mb-2 text-xs text-muted">{t("assign.hint")}</p>
      {answer?.ok ? <Alert tone="success">{t("assign.done", { number: answer.number, plate: answer.plate })}</Alert> : null}
      {answer && !answer.ok ? <Alert tone="error">{message(answer.message)}</Alert> : null}
      {lines.length ? (
        <Table bare testId="assign-table">
          <thead>
            <HeadRow>
              <Th dense>{t("assign.contract")}</Th>
              <Th dense>{t("assign.type")}</Th>
              <Th dense>{t("assign.days")}</Th>
              <Th dense>{t("assign.machine")}</Th>
            </HeadRow>
          </thead>
          <tbody>
            {lines.map((l) => (
              <Row key={l.lineId} className="align-middle" data-testid="assign-line" data-line={l.lineId}>
                <Td dense>
                  <a href={`/contractList/form?id=${l.contractId}`} className="text-brand">
                    {l.number}
                  </a>
                  {l.customer ? <span className="ml-2 text-muted">{l.customer}</span> : null}
                </Td>
                <Td dense>{[l.equipmentType ? equipmentTypeName(l.equipmentType, i18n.language) : t("assign.anyType"), l.spec].filter(Boolean).join(" · ")}</Td>
                <Td dense className="whitespace-nowrap tabular-nums">{`${l.from} ～ ${l.to ?? t("assign.openEnd")}`}</Td>
                <Td dense>
                  {l.candidates.length ? (
                    <Form method="post" className="flex items-center gap-2">
                      <input type="hidden" name="intent" value="assign" />
                      <input type="hidden" name="lineId" value={l.lineId} />
                      <Select name="vehicleId" required defaultValue="" className="w-64" aria-label={`${t("assign.machine")} ${l.number}`} disabled={!canAssign}>
                        <option value="" disabled>
                          {t("assign.pick")}
                        </option>
                        {l.candidates.map((c) => (
                          <option key={c.id} value={c.id}>
                            {c.label}
                          </option>
                        ))}
                      </Select>
                      <Button type="submit" size="sm" disabled={busy || !canAssign}>
                        {t("assign.submit")}
                      </Button>
                    </Form>
                  ) : (
                    <span className="text-muted">{t("assign.none")}</span>
                  )}
                </Td>
              </Row>
            ))}
          </tbody>
        </Table>
      ) : null}
    </details>
  );
}
