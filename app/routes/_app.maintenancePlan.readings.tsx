import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { listHref } from "~/lib/list/types";
import { pageTitle } from "~/lib/page-title";
import { todayInZone } from "~/lib/tenant-clock";
import { requireScope } from "~/modules/access/access.server";
import { MaintenanceTabs } from "~/modules/maintenance/maintenance-tabs";
import { MAINTENANCE_PATH } from "~/modules/maintenance/maintenance";
import { readingStates, readingView } from "~/modules/maintenance/reading.resource";
import { readingMachine, readingOptions, readingResource } from "~/modules/maintenance/reading.server";
import { MAINTENANCE } from "~/modules/maintenance/texts/maintenance";
import { ResourcePage } from "~/modules/resource/resource-page";
import type { RowOf } from "~/modules/resource/resource.server";
import { resourceAction, resourceLoader, type Option } from "~/modules/resource/route.server";
import { transitionIntents } from "~/modules/workflow/engine.server";
import { heldCodes } from "~/modules/workflow/machine";
import { TransitionButtons, TransitionPanel } from "~/modules/workflow/transition-ui";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "表读数", en: "Meter Readings" }) }];

/**
 * /maintenancePlan/readings 表读数: the machines' readings; 录入读数 in the drawer (today, and the machine of the
 * address `?new=1&vehicleId=`), 作废 with a reason. A reading is never changed nor deleted: no edit, no delete.
 */
export async function loader(args: LoaderFunctionArgs) {
  const [page, scope] = await Promise.all([resourceLoader(args, readingResource, { options: readingOptions }), requireScope(args.request, args.context, { screen: MAINTENANCE_PATH })]);
  const asked = new URL(args.request.url).searchParams.get("vehicleId");
  const offered: Record<string, Option[]> = page.data.options;
  const vehicleId = asked && offered.vehicleId?.some((o) => o.value === asked) ? asked : "";
  return data(
    { ...page.data, can: { ...page.data.can, edit: false, delete: false }, today: todayInZone(scope.user.timeZone), vehicleId, codes: heldCodes(readingStates, scope.access.permissions), me: scope.user.id },
    page.init ?? undefined,
  );
}
export const action = (args: ActionFunctionArgs) => resourceAction(args, readingResource, { intents: transitionIntents(readingMachine), options: readingOptions });

export default function MeterReadings() {
  useTranslation(MAINTENANCE);
  const { query, today, vehicleId, codes, me } = useLoaderData<typeof loader>();
  // a new reading is of today, and of the machine it was asked for
  const view = useMemo(() => ({ ...readingView, form: readingView.form.map((f) => (f.key === "readOn" ? { ...f, defaultValue: today } : f.key === "vehicleId" && vehicleId ? { ...f, defaultValue: vehicleId } : f)) }), [today, vehicleId]);
  return (
    <>
      <MaintenanceTabs />
      <ResourcePage<RowOf<typeof readingResource>> view={view} rowActions={(row) => <TransitionButtons machine={readingStates} row={{ ...row, state: Number(row.state), label: row.plate, version: row.version }} codes={codes} me={me} />} />
      <TransitionPanel machine={readingStates} back={listHref(readingView.path, query)} />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
