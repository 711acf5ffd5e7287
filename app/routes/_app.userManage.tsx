import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmPanel, ResourcePage, useMessage } from "~/modules/resource/resource-page";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import type { RowOf } from "~/modules/resource/resource.server";
import { withQuery } from "~/lib/navigation";
import { listHref } from "~/lib/list/types";
import { requireScope } from "~/modules/access/access.server";
import { userStates, userView } from "~/modules/system/user.resource";
import { heldCodes } from "~/modules/workflow/machine";
import { TransitionButtons, TransitionPanel } from "~/modules/workflow/transition-ui";
import { userIntents, userOptions as options, userResource, type UserActionData } from "~/modules/system/user.server";
import { Alert, Button, Field } from "~/ui/field";
import { RouteErrorBoundary } from "~/ui/error-state";
import { QueryLink } from "~/widgets/list-navigation";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "用户管理", en: "User Management" }) }];

export async function loader(args: LoaderFunctionArgs) {
  const [page, scope] = await Promise.all([resourceLoader(args, userResource, { options }), requireScope(args.request, args.context, { screen: userView.path })]);
  return data({ ...page.data, codes: heldCodes(userStates, scope.access.permissions), me: scope.user.id }, page.init ?? undefined);
}
export const action = (args: ActionFunctionArgs) => resourceAction(args, userResource, { intents: userIntents, options });

export default function UserManage() {
  const { t: tr } = useTranslation("resource");
  const { query, codes, me } = useLoaderData<typeof loader>();
  const back = listHref(userView.path, query);
  return (
    <>
      <ResourcePage<RowOf<typeof userResource>>
        view={userView}
        toolbar={<UserToolbar />}
        rowActions={(row, can) =>
          can.edit ? (
            <>
              <QueryLink to={withQuery(back, `edit=${row.id}`)} className="text-brand">
                {tr("edit")}
              </QueryLink>
              <TransitionButtons machine={userStates} row={row} codes={codes} me={me} />
            </>
          ) : null
        }
      />
      <UserPanels back={back} />
      <TransitionPanel machine={userStates} back={back} />
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

/** The password-reset panel, after the server asked for it (启用 / 停用 ask through the engine's TransitionPanel). */
function UserPanels({ back }: { back: string }) {
  const action = useActionData<UserActionData>();
  const { t } = useTranslation("system");
  const message = useMessage();
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
