import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { withQuery } from "~/lib/navigation";
import { ConfirmPanel, ResourcePage, useMessage } from "~/modules/resource/resource-page";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { labelOf, listHref } from "~/lib/list/types";
import { ArchiveTabs } from "~/modules/telematics/archive-tabs";
import { requireScope } from "~/modules/access/access.server";
import { vehicleStates, vehicleView } from "~/modules/telematics/vehicles.resource";
import { heldCodes } from "~/modules/workflow/machine";
import { TransitionButtons, TransitionPanel } from "~/modules/workflow/transition-ui";
import { vehicleIntents as intents, vehicleOptions as options, vehicleResource, type VehicleActionData } from "~/modules/telematics/vehicles.server";
import { Alert, Field } from "~/ui/field";
import { RouteErrorBoundary } from "~/ui/error-state";
import { TELEMATICS } from "~/modules/telematics/texts/telematics";
import { QueryLink, RowForm } from "~/widgets/list-navigation";
import { pageTitle } from "~/lib/page-title";
import type { RowOf } from "~/modules/resource/resource.server";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "设备列表", en: "Device List" }) }];

export async function loader(args: LoaderFunctionArgs) {
  const [page, scope] = await Promise.all([resourceLoader(args, vehicleResource, { options }), requireScope(args.request, args.context, { screen: vehicleView.path })]);
  return data({ ...page.data, codes: heldCodes(vehicleStates, scope.access.permissions), me: scope.user.id }, page.init ?? undefined);
}
export const action = (args: ActionFunctionArgs) => resourceAction(args, vehicleResource, { intents, options });

export default function DeviceList() {
  const { t } = useTranslation(TELEMATICS);
  const { t: tr } = useTranslation("resource");
  const { query, codes, me } = useLoaderData<typeof loader>();
  const back = listHref(vehicleView.path, query);
  return (
    <>
      <ArchiveTabs />
      <ResourcePage<RowOf<typeof vehicleResource>>
        view={vehicleView}
        rowActions={(row, can) => (
          <>
            <Link to={`/deviceDetails?id=${row.id}`} className="text-brand">
              {t("vehicle.details")}
            </Link>
            {can.edit ? (
              <>
                <QueryLink to={withQuery(back, `edit=${row.id}`)} className="text-brand">
                  {tr("edit")}
                </QueryLink>
                <TransitionButtons machine={vehicleStates} row={row as { id: number; state: number }} codes={codes} me={me} />
                <RowForm className="inline">
                  <input type="hidden" name="ids" value={row.id} />
                  <button type="submit" name="intent" value="confirmInstall" className="text-brand">
                    {row.installed === 1 ? t("vehicle.uninstall") : t("vehicle.install")}
                  </button>
                </RowForm>
              </>
            ) : null}
          </>
        )}
      />
      <VehiclePanels back={back} />
      <TransitionPanel machine={vehicleStates} back={back} />
    </>
  );
}

/** The install/uninstall confirmations, after the server asked for them (启用 / 停用 ask through the TransitionPanel). */
function VehiclePanels({ back }: { back: string }) {
  const action = useActionData<VehicleActionData>();
  const { t, i18n } = useTranslation(TELEMATICS);
  const message = useMessage();
  const labelFor = (key: string) => labelOf(vehicleView.form.find((f) => f.key === key)!.label, i18n.language);
  if (action?.intent === "confirmInstall") {
    if (action.installed) {
      return (
        <ConfirmPanel title={t("vehicle.uninstallConfirm")} detail={`${action.plate} · ${action.terminalNo}`} back={back} formAction={back}>
          <input type="hidden" name="ids" value={action.id} />
          <input type="hidden" name="intent" value="uninstall" />
        </ConfirmPanel>
      );
    }
    return (
      <ConfirmPanel title={`${t("vehicle.installTitle")} · ${action.plate}`} back={back} formAction={back} tone="primary">
        <input type="hidden" name="ids" value={action.id} />
        <input type="hidden" name="intent" value="install" />
        {action.errors?.form ? <Alert tone="error">{message(action.errors.form)}</Alert> : null}
        <Field id="install-terminal" name="terminalNo" label={labelFor("terminalNo")} defaultValue={action.terminalNo} maxLength={10} autoComplete="off" error={action.errors?.terminalNo ? message(action.errors.terminalNo) : null} />
        <Field id="install-secret" name="terminalSecret" type="password" autoComplete="new-password" label={labelFor("terminalSecret")} error={action.errors?.terminalSecret ? message(action.errors.terminalSecret) : null} />
      </ConfirmPanel>
    );
  }
  return null;
}

export const ErrorBoundary = RouteErrorBoundary;
