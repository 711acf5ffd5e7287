/**
 * 升级任务's own forms and panels: a new task (package, type, machines, remark) and a task's machines with each one's
 * progress in its detail, with 重试失败 when some failed.
 */
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useMessage } from "~/i18n/message";
import { labelOf } from "~/lib/list/types";
import { LinkButton } from "~/ui/button";
import { Drawer } from "~/ui/drawer";
import { Empty } from "~/ui/empty";
import { Alert, Button, describedBy } from "~/ui/field";
import { Select, Textarea } from "~/ui/input";
import { Badge } from "~/ui/badge";
import { HeadRow, Row, Table, Td, Th } from "~/ui/table";
import { VehiclePicker } from "~/widgets/vehicle-picker";
import { RowForm } from "~/widgets/list-navigation";
import { FormRow } from "./form-row";
import { VEHICLE_SOURCE } from "./lock-forms";
import type { TaskVehicle } from "./ota-task.server";
import { TERMINALS } from "./texts/terminals";
import { OTA_PROGRESS_OPTIONS, PACKAGES_PATH, UPGRADE_TYPE_OPTIONS } from "./terminals";

type Errors = Record<string, string>;

/** 新建升级任务. */
export function OtaTaskDrawer({ closeTo, action, packages, values, errors }: { closeTo: string; action: string; packages: { value: string; label: string; uploadedAt: string }[]; values: Record<string, string>; errors: Errors }) {
  const { t, i18n } = useTranslation(TERMINALS);
  const message = useMessage();
  const error = (key: string) => (errors[key] ? message(errors[key]!) : null);
  return (
    <Drawer title={t("taskTitle")} titleId="task-form-title" closeTo={closeTo} closeLabel={t("cancel")} widthClass="w-[560px]" padded data-testid="task-form">
      {packages.length === 0 ? (
        <Alert tone="info">
          {t("noPackages")}{" "}
          <a href={`${PACKAGES_PATH}?upload=1`} className="underline">
            {t("uploadPackage")}
          </a>
        </Alert>
      ) : null}
      <Form method="post" action={action} replace>
        <input type="hidden" name="intent" value="createTask" />
        {errors.form ? <Alert tone="error">{message(errors.form)}</Alert> : null}
        <FormRow id="task-package" label={t("field.packageId")} required error={error("packageId")}>
          <Select id="task-package" name="packageId" defaultValue={values.packageId ?? ""} aria-invalid={errors.packageId ? true : undefined} aria-describedby={describedBy("task-package", null, errors.packageId)}>
            <option value="">{t("choose")}</option>
            {packages.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </Select>
        </FormRow>
        <FormRow id="task-type" label={t("field.upgradeType")} required error={error("upgradeType")}>
          <Select id="task-type" name="upgradeType" defaultValue={values.upgradeType ?? "terminal"} aria-invalid={errors.upgradeType ? true : undefined}>
            {UPGRADE_TYPE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {labelOf(o.label, i18n.language)}
              </option>
            ))}
          </Select>
        </FormRow>
        <FormRow id="task-plates" label={t("field.plates")} required hint={t("taskPlatesHint")} error={error("plates")}>
          <VehiclePicker id="task-plates" name="plates" defaultValue={values.plates ?? ""} source={VEHICLE_SOURCE} invalid={Boolean(errors.plates)} describedBy={describedBy("task-plates", true, errors.plates)} />
        </FormRow>
        <FormRow id="task-remark" label={t("field.remark")} error={error("remark")}>
          <Textarea id="task-remark" name="remark" maxLength={200} defaultValue={values.remark ?? ""} />
        </FormRow>
        <p className="mb-4 text-xs text-muted">{t("taskNote")}</p>
        <div className="flex justify-end gap-2">
          <LinkButton to={closeTo}>{t("cancel")}</LinkButton>
          <Button type="submit" variant="primary" data-testid="task-submit">
            {t("submitTask")}
          </Button>
        </div>
      </Form>
    </Drawer>
  );
}

const TONE = { waiting: "neutral", upgrading: "warning", success: "success", fail: "danger" } as const;

/** A task's machines in its detail, each with its progress; 重试失败 when some failed. */
export function TaskVehicles({ taskId, rows, canRetry }: { taskId: number; rows: TaskVehicle[]; canRetry: boolean }) {
  const { t, i18n } = useTranslation(TERMINALS);
  const failed = rows.filter((r) => r.progress === "fail").length;
  return (
    <section className="mt-4" aria-labelledby="task-vehicles">
      <div className="mb-2 flex items-center justify-between">
        <h3 id="task-vehicles" className="text-sm font-semibold text-ink">
          {t("vehiclesTitle")}
        </h3>
        {canRetry && failed ? (
          <RowForm>
            <input type="hidden" name="ids" value={taskId} />
            <input type="hidden" name="stay" value="1" />
            <Button type="submit" name="intent" value="retry" size="sm" data-testid="retry-failed">
              {t("retryCount", { count: failed })}
            </Button>
          </RowForm>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <Empty />
      ) : (
        <Table bare testId="task-vehicles">
          <thead>
            <HeadRow>
              <Th dense>{t("field.plate")}</Th>
              <Th dense>{t("terminalNo")}</Th>
              <Th dense>{t("progressLabel")}</Th>
              <Th dense num>
                {t("attempts")}
              </Th>
              <Th dense>{t("sentAt")}</Th>
              <Th dense>{t("doneAt")}</Th>
              <Th dense>{t("result")}</Th>
            </HeadRow>
          </thead>
          <tbody>
            {rows.map((r) => (
              <Row key={r.id}>
                <Td dense>{r.plate}</Td>
                <Td dense>{r.terminalNo}</Td>
                <Td dense>
                  <Badge tone={TONE[r.progress]}>{labelOf(OTA_PROGRESS_OPTIONS.find((o) => o.value === r.progress)!.label, i18n.language)}</Badge>
                </Td>
                <Td dense num>
                  {r.attempts}
                </Td>
                <Td dense>{r.sentText ?? "—"}</Td>
                <Td dense>{r.doneText ?? "—"}</Td>
                <Td dense>{r.result ?? "—"}</Td>
              </Row>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
