import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmPanel, ResourcePage, useMessage } from "~/modules/resource/resource-page";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { withQuery } from "~/lib/navigation";
import { listHref } from "~/modules/resource/types";
import { userView } from "~/modules/system/user.resource";
import { userIntents, userOptions as options, userResource, type UserActionData } from "~/modules/system/user.server";
import { Alert, Button, Field } from "~/ui/field";
import { RouteErrorBoundary } from "~/ui/error-state";
import { QueryLink, RowForm } from "~/widgets/list-navigation";

export const meta: MetaFunction = () => [{ title: "Derrick · 用户管理 / User Management" }];

export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, userResource, { options });
export const action = (args: ActionFunctionArgs) => resourceAction(args, userResource, { intents: userIntents, options });

export default function UserManage() {
  const { t } = useTranslation("system");
  const { t: tr } = useTranslation("resource");
  const { query } = useLoaderData<typeof loader>();
  const back = listHref(userView.path, query);
  return (
    <>
      <ResourcePage
        view={userView}
        toolbar={<UserToolbar />}
        rowActions={(row, can) =>
          can.edit ? (
            <>
              <QueryLink to={withQuery(back, `edit=${row.id}`)} className="text-brand">
                {tr("edit")}
              </QueryLink>
              <RowForm className="inline">
                <input type="hidden" name="ids" value={row.id} />
                <input type="hidden" name="state" value={row.state === 1 ? "0" : "1"} />
                <button type="submit" name="intent" value="confirmState" className={row.state === 1 ? "text-danger" : "text-success"}>
                  {row.state === 1 ? t("user.disable") : t("user.enable")}
                </button>
              </RowForm>
            </>
          ) : null
        }
      />
      <UserPanels back={back} />
    </>
  );
}

function UserToolbar() {
  const { t } = useTranslation("system");
  const { can } = useLoaderData<typeof loader>();
  if (!can.edit) return null;
  return (
    <Button type="submit" name="intent" value="resetPassword" variant="ghost">
      {t("user.resetPassword")}
    </Button>
  );
}

/** The enable/disable confirmation and the password-reset panel, after the server asked for them. */
function UserPanels({ back }: { back: string }) {
  const action = useActionData<UserActionData>();
  const { t } = useTranslation("system");
  const message = useMessage();
  if (action?.intent === "confirmState") {
    return (
      <ConfirmPanel title={action.state ? t("user.enableConfirm") : t("user.disableConfirm")} back={back} formAction={back} tone={action.state ? "primary" : "danger"}>
        {action.ids.map((id) => (
          <input key={id} type="hidden" name="ids" value={id} />
        ))}
        <input type="hidden" name="state" value={action.state} />
        <input type="hidden" name="intent" value="setState" />
      </ConfirmPanel>
    );
  }
  if (action?.intent === "resetPassword") {
    return (
      <ConfirmPanel title={`${t("user.resetPassword")} · ${action.account}`} back={back} formAction={back} tone="primary">
        <input type="hidden" name="ids" value={action.id} />
        <input type="hidden" name="intent" value="resetPassword" />
        {action.errors?.form ? <Alert tone="error">{message(action.errors.form)}</Alert> : null}
        <Field id="reset-password" name="password" type="password" autoComplete="new-password" label={t("user.newPassword")} error={action.errors?.password ? message(action.errors.password) : null} />
        <Field id="reset-confirm" name="confirm" type="password" autoComplete="new-password" label={t("user.confirmPassword")} error={action.errors?.confirm ? message(action.errors.confirm) : null} />
      </ConfirmPanel>
    );
  }
  return null;
}

export const ErrorBoundary = RouteErrorBoundary;
