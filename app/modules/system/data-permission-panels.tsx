import { useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmPanel, useMessage } from "~/modules/resource/resource-page";
import { Alert, describedBy, FieldNotes } from "~/ui/field";
import type { DataPermissionActionData } from "./data-permission.server";

/** The confirmations of 通过 / 拒绝 (a refusal asks its reason) and 启用 / 停用 (the applicant's reason shown). */
export function DataPermissionPanels({ back }: { back: string }) {
  const action = useActionData<DataPermissionActionData>();
  const { t } = useTranslation("system");
  const message = useMessage();
  if (action?.intent === "review") return <Alert tone="error">{message(action.error)}</Alert>;
  const hidden = (a: { ids: number[]; versions: string }) => (
    <>
      {a.ids.map((id) => (
        <input key={id} type="hidden" name="ids" value={id} />
      ))}
      <input type="hidden" name="versions" value={a.versions} />
    </>
  );
  if (action?.intent === "confirmReview") {
    const refuse = action.decision === "refuse";
    return (
      <ConfirmPanel title={refuse ? t("dataPermission.refuseConfirm") : t("dataPermission.approveConfirm")} detail={action.labels.join("、")} back={back} formAction={back} tone={refuse ? "danger" : "primary"}>
        {hidden(action)}
        <input type="hidden" name="intent" value="review" />
        <input type="hidden" name="decision" value={action.decision} />
        {refuse ? (
          <div className="mb-4">
            <label htmlFor="refuse-reason" className="mb-1 block text-sm font-medium text-ink">
              <span className="mr-0.5 text-danger" aria-hidden>
                *
              </span>
              {t("dataPermission.refuseReason")}
            </label>
            <textarea id="refuse-reason" name="refuseReason" maxLength={200} aria-required aria-invalid={action.error ? true : undefined} aria-describedby={describedBy("refuse-reason", null, action.error)} className="h-20 w-full rounded-md border border-line bg-panel px-3 py-2 text-ink aria-[invalid]:border-danger" />
            <FieldNotes id="refuse-reason" error={action.error ? message(action.error) : null} />
          </div>
        ) : null}
      </ConfirmPanel>
    );
  }
  if (action?.intent === "confirmState") {
    return (
      <ConfirmPanel title={action.enabled ? t("dataPermission.enableConfirm") : t("dataPermission.disableConfirm")} detail={action.labels.join("、")} back={back} formAction={back} tone={action.enabled ? "primary" : "danger"}>
        {hidden(action)}
        <input type="hidden" name="intent" value="setState" />
        <input type="hidden" name="enabled" value={action.enabled} />
        <dl className="mb-4 text-sm">
          <dt className="text-muted">{t("dataPermission.applicantReason")}</dt>
          {action.reasons.map((r, i) => (
            <dd key={i} className="mt-0.5 whitespace-pre-wrap break-all text-ink">
              {r}
            </dd>
          ))}
        </dl>
      </ConfirmPanel>
    );
  }
  return null;
}
