import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/lib/page-title";
import { todayInZone } from "~/lib/tenant-clock";
import { requireScope } from "~/modules/access/access.server";
import { TaskList } from "~/modules/inspections/inspection-page";
import { procedureChoices } from "~/modules/inspections/procedure.server";
import { myRecords, myTasks } from "~/modules/inspections/record.server";
import { INSPECTION } from "~/modules/inspections/texts/inspection";
import { machineChoices } from "~/modules/telematics/vehicle-choice.server";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "个人巡检", en: "Personal Inspections" }) }];

/** /personalInspection 个人巡检: the signed-in inspector's tasks (today's and overdue), an unplanned check, their records. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: "/personalInspection" });
  const today = todayInZone(scope.user.timeZone);
  const canAdd = scope.access.permissions.has("personalInspection:add");
  const [tasks, records, machines, procedures] = await Promise.all([
    myTasks(scope, today),
    myRecords(scope),
    canAdd ? machineChoices(scope) : Promise.resolve([]),
    canAdd ? procedureChoices(scope) : Promise.resolve([]),
  ]);
  return { today, tasks, records, adhoc: canAdd ? { machines, procedures: procedures.map(({ value, label }) => ({ value, label })) } : null };
}

export default function PersonalInspection() {
  useTranslation(INSPECTION);
  const data = useLoaderData<typeof loader>();
  return <TaskList {...data} />;
}

export const ErrorBoundary = RouteErrorBoundary;
