/**
 * 锁车管理's own forms, plain HTML forms the server renders (they work before the page's JavaScript): a new lock
 * task (with the second confirmation for machines on rent), the emergency unlock, and its code shown once.
 */
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useMessage } from "~/i18n/message";
import { Alert, Button, describedBy } from "~/ui/field";
import { LinkButton } from "~/ui/button";
import { Drawer } from "~/ui/drawer";
import { Input, Select, Textarea } from "~/ui/input";
import { VehiclePicker } from "~/widgets/vehicle-picker";
import { labelOf } from "~/lib/list/types";
import type { OnRent } from "./commands.server";
import { FormRow } from "./form-row";
import { TERMINALS } from "./texts/terminals";
import { isLocking, LOCK_OPERATION_OPTIONS } from "./terminals";

export const VEHICLE_SOURCE = "/api/vehicles/choices?for=lockCarManage";

type Errors = Record<string, string>;

/** 新建锁车任务: machines, operation, reason; then, for machines on rent, each plate typed again. */
export function LockTaskDrawer({ closeTo, action, values, errors, confirm, stop }: { closeTo: string; action: string; values: Record<string, string>; errors: Errors; confirm?: OnRent[]; stop: { id: number; contractNumber: string } | null }) {
  const { t, i18n } = useTranslation(TERMINALS);
  const message = useMessage();
  const error = (key: string) => (errors[key] ? message(errors[key]!) : null);
  const operation = values.operation ?? (stop ? "lock1" : "");
  return (
    <Drawer title={t("lockTitle")} titleId="lock-form-title" closeTo={closeTo} closeLabel={t("cancel")} widthClass="w-[560px]" padded data-testid="lock-form">
      <Form method="post" action={action} replace>
        <input type="hidden" name="intent" value="lock" />
        {stop ? (
          <>
            <input type="hidden" name="stopActId" value={stop.id} />
            <Alert tone="info">{t("fromStop", { number: stop.contractNumber })}</Alert>
          </>
        ) : null}
        {errors.form ? <Alert tone="error">{message(errors.form)}</Alert> : null}
        <FormRow id="lock-plates" label={t("field.plates")} required hint={t("platesHint")} error={error("plates")}>
          <VehiclePicker id="lock-plates" name="plates" defaultValue={values.plates ?? ""} source={VEHICLE_SOURCE} invalid={Boolean(errors.plates)} describedBy={describedBy("lock-plates", true, errors.plates)} />
        </FormRow>
        <FormRow id="lock-operation" label={t("field.operation")} required error={error("operation")}>
          <Select id="lock-operation" name="operation" defaultValue={operation} aria-invalid={errors.operation ? true : undefined} aria-describedby={describedBy("lock-operation", null, errors.operation)}>
            <option value="">{t("choose")}</option>
            {LOCK_OPERATION_OPTIONS.filter((o) => !stop || o.value === "lock1" || o.value === "lock2").map((o) => (
              <option key={o.value} value={o.value}>
                {labelOf(o.label, i18n.language)}
              </option>
            ))}
          </Select>
        </FormRow>
        <FormRow id="lock-reason" label={t("field.reason")} hint={t("reasonHint")} error={error("reason")}>
          <Textarea id="lock-reason" name="reason" maxLength={200} defaultValue={values.reason ?? ""} aria-invalid={errors.reason ? true : undefined} aria-describedby={describedBy("lock-reason", true, errors.reason)} />
        </FormRow>
        {confirm?.length ? (
          <section role="alert" aria-labelledby="lock-confirm-title" className="mb-4 rounded-md border border-danger/40 bg-canvas p-3" data-testid="lock-confirm">
            <h3 id="lock-confirm-title" className="mb-1 text-sm font-semibold text-danger">
              {t("confirmTitle")}
            </h3>
            <p className="mb-3 text-xs text-muted">{stop ? t("confirmHintStop") : t("confirmHint")}</p>
            <input type="hidden" name="confirming" value="1" />
            {errors.confirm ? <p className="mb-2 text-sm text-danger">{message(errors.confirm)}</p> : null}
            {confirm.map((m) => (
              <FormRow key={m.vehicleId} id={`confirm-${m.vehicleId}`} label={t("confirmPlate", { plate: m.plate, contract: m.contractNumber })}>
                <Input id={`confirm-${m.vehicleId}`} name={`confirm_${m.vehicleId}`} autoComplete="off" required defaultValue={values[`confirm_${m.vehicleId}`] ?? ""} />
              </FormRow>
            ))}
          </section>
        ) : (
          <p className="mb-4 text-xs text-muted">{isLocking(operation) ? t("lockNoteLocking") : t("lockNote")}</p>
        )}
        <div className="flex justify-end gap-2">
          <LinkButton to={closeTo}>{t("cancel")}</LinkButton>
          <Button type="submit" variant={confirm?.length ? "danger" : "primary"} data-testid="lock-submit">
            {confirm?.length ? t("confirmSubmit") : t("submitLock")}
          </Button>
        </div>
      </Form>
    </Drawer>
  );
}

/** 应急解锁: the machine, the time its display shows, why. */
export function EmergencyDrawer({ closeTo, action, values, errors }: { closeTo: string; action: string; values: Record<string, string>; errors: Errors }) {
  const { t } = useTranslation(TERMINALS);
  const message = useMessage();
  const error = (key: string) => (errors[key] ? message(errors[key]!) : null);
  return (
    <Drawer title={t("emergencyTitle")} titleId="emergency-title" closeTo={closeTo} closeLabel={t("cancel")} widthClass="w-[520px]" padded data-testid="emergency-form">
      <p className="mb-4 text-sm text-muted">{t("emergencyNote")}</p>
      <Form method="post" action={action} replace>
        <input type="hidden" name="intent" value="emergency" />
        {errors.form ? <Alert tone="error">{message(errors.form)}</Alert> : null}
        <FormRow id="emergency-plate" label={t("field.plate")} required error={error("plate")}>
          <Input id="emergency-plate" name="plate" maxLength={20} defaultValue={values.plate ?? ""} autoComplete="off" aria-invalid={errors.plate ? true : undefined} aria-describedby={describedBy("emergency-plate", null, errors.plate)} />
        </FormRow>
        <FormRow id="emergency-time" label={t("field.deviceTime")} required hint={t("deviceTimeHint")} error={error("deviceTime")}>
          <Input id="emergency-time" name="deviceTime" inputMode="numeric" maxLength={8} pattern="\d{8}" placeholder="YYMMDDHH" defaultValue={values.deviceTime ?? ""} autoComplete="off" aria-invalid={errors.deviceTime ? true : undefined} aria-describedby={describedBy("emergency-time", true, errors.deviceTime)} />
        </FormRow>
        <FormRow id="emergency-reason" label={t("field.emergencyReason")} required error={error("reason")}>
          <Textarea id="emergency-reason" name="reason" maxLength={200} defaultValue={values.reason ?? ""} aria-invalid={errors.reason ? true : undefined} aria-describedby={describedBy("emergency-reason", null, errors.reason)} />
        </FormRow>
        <div className="flex justify-end gap-2">
          <LinkButton to={closeTo}>{t("cancel")}</LinkButton>
          <Button type="submit" variant="primary" data-testid="emergency-submit">
            {t("generate")}
          </Button>
        </div>
      </Form>
    </Drawer>
  );
}

/** The unlock code, shown once (the answer of the post), in digits a driver can read over the phone. */
export function UnlockCodePanel({ code, plate, deviceTime, closeTo }: { code: string; plate: string; deviceTime: string; closeTo: string }) {
  const { t } = useTranslation(TERMINALS);
  return (
    <div role="alertdialog" aria-modal="true" aria-labelledby="code-title" className="fixed inset-0 z-40 flex items-center justify-center bg-black/30">
      <div className="w-[420px] rounded-lg border border-line bg-panel p-5 shadow-xl">
        <h2 id="code-title" className="mb-1 text-base font-semibold text-ink">
          {t("codeTitle")}
        </h2>
        <p className="mb-3 text-sm text-muted">{t("codeFor", { plate, deviceTime })}</p>
        <p className="mb-3 select-all text-center font-mono text-3xl font-semibold tracking-[0.2em] text-brand tabular-nums" data-testid="unlock-code">
          {code.replace(/(\d{4})(\d{4})/, "$1 $2")}
        </p>
        <p className="mb-4 text-xs text-muted">{t("codeOnce")}</p>
        <div className="flex justify-end">
          <LinkButton to={closeTo} variant="primary">
            {t("close")}
          </LinkButton>
        </div>
      </div>
    </div>
  );
}
