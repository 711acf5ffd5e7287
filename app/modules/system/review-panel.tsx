import { useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmPanel, useMessage } from "~/modules/resource/resource-page";
import { Alert, describedBy, FieldNotes } from "~/ui/field";
import type { ApplicationActionData } from "./application.server";

/** The confirmation of 通过 / 拒绝; a refusal asks for its reason. */
export function ReviewPanel({ back }: { back: string }) {
  const action = useActionData<ApplicationActionData>();
  const { t } = useTranslation("system");
  const message = useMessage();
  if (action?.intent === "review") return <Alert tone="error">{message(action.error)}</Alert>;
  if (action?.intent !== "confirmReview") return null;
  const refuse = action.decision === "refuse";
  return (
    <ConfirmPanel title={refuse ? t("application.refuseConfirm") : t("application.approveConfirm")} back={back} formAction={back} tone={refuse ? "danger" : "primary"}>
      {action.ids.map((id) => (
        <input key={id} type="hidden" name="ids" value={id} />
      ))}
      <input type="hidden" name="intent" value="review" />
      <input type="hidden" name="decision" value={action.decision} />
      {refuse ? (
        <div className="mb-4">
          <label htmlFor="refuse-reason" className="mb-1 block text-sm font-medium text-ink">
            {t("application.refuseReason")}
          </label>
          <textarea id="refuse-reason" name="refuseReason" maxLength={100} required aria-invalid={action.error ? true : undefined} aria-describedby={describedBy("refuse-reason", null, action.error)} className="h-20 w-full rounded-md border border-line bg-panel px-3 py-2 text-ink aria-[invalid]:border-danger" />
          <FieldNotes id="refuse-reason" error={action.error ? message(action.error) : null} />
        </div>
      ) : null}
    </ConfirmPanel>
  );
}

