import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { WORKBENCH } from "~/modules/workbench/texts/workbench";
import { formatInZone } from "~/lib/tenant-clock";
import { useTimeZone } from "~/lib/use-time-zone";
import { administersMenus, forbidden, PLANNED_SCREENS_SETTING, requireScope } from "~/modules/access/access.server";
import { patchUserSettings } from "~/modules/auth/preferences.server";
import { AlarmsCard } from "~/modules/workbench/alarms-card";
import { FleetCard } from "~/modules/workbench/fleet-card";
import { ShortcutsCard } from "~/modules/workbench/shortcuts-card";
import { TodoCard } from "~/modules/workbench/todo-card";
import { useWorkbenchLive } from "~/modules/workbench/use-workbench-live";
import { workbenchFigures } from "~/modules/workbench/workbench.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { readForm } from "~/lib/posted-form.server";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "工作台", en: "Workbench" }) }];

/** What a manager looks at first: today's fleet and alarms, their to-dos and their shortcuts (docs/workbench.md). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: "/manageWork" });
  const { user, access } = scope;
  return {
    user: { userName: user.userName, tenantName: user.tenantName, lastLoginAt: user.lastLoginAt },
    organisation: user.orgName,
    roles: access.roleNames,
    canRegister: access.permissions.has("deviceList:add"),
    ...(await workbenchFigures(request, scope)),
  };
}

/** intent plannedScreens: a menu administrator shows or hides planned screens in their own menu (user_settings). */
export async function action({ request, context }: ActionFunctionArgs) {
  const scope = await requireScope(request, context, { screen: "/manageWork" });
  const form = await readForm(request);
  if (form.get("intent") !== "plannedScreens") throw new Response("Bad Request", { status: 400 });
  if (!administersMenus(scope.access)) throw forbidden();
  await patchUserSettings(scope.db, scope.user, { [PLANNED_SCREENS_SETTING]: form.get("shown") === "1" });
  // a switch in the running app (fetcher) gets data and the page revalidates, menu included; a plain form comes back
  return form.get("js") === "1" ? data({ ok: true }) : redirect("/manageWork");
}

export default function ManageWork() {
  const d = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation(WORKBENCH);
  const timeZone = useTimeZone();
  const { counts, connection } = useWorkbenchLive(d.parts, useMemo(() => d.alarms?.newest.map((a) => a.hubKey) ?? [], [d.alarms]));

  const lang = i18n.language;
  const date = formatInZone(new Date(), timeZone, lang, { dateStyle: "full" });
  const lastLogin = d.user.lastLoginAt ? formatInZone(d.user.lastLoginAt, timeZone, lang, { dateStyle: "medium", timeStyle: "short" }) : t("home.never");
  return (
    <div className="space-y-4">
      <section aria-labelledby="welcome" className="flex flex-wrap items-end justify-between gap-x-8 gap-y-3 rounded-lg border border-line bg-panel px-6 py-4">
        <div>
          <h1 id="welcome" className="text-xl font-semibold">
            {t("home.welcome", { name: d.user.userName })}
          </h1>
          <p className="mt-1 text-sm text-muted" suppressHydrationWarning>
            {t("home.today", { date })}
          </p>
        </div>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          {[
            [t("home.company"), d.user.tenantName],
            [t("home.organisation"), d.organisation ?? "—"],
            [t("home.roles"), d.roles.join(lang === "en-US" ? ", " : "、") || "—"],
            [t("home.lastLogin"), lastLogin],
          ].map(([k, v]) => (
            <div key={k} className="flex gap-2">
              <dt className="text-muted">{k}</dt>
              <dd className="font-medium" suppressHydrationWarning>
                {v}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        {d.fleet ? <FleetCard vehicles={d.fleet.vehicles} counts={counts} connection={connection} canRegister={d.canRegister} /> : null}
        {d.alarms ? <AlarmsCard summary={d.alarms} className={d.fleet ? "lg:col-span-2" : "lg:col-span-3"} /> : null}
        <TodoCard approvals={d.todo} alarms={d.toHandle} urges={d.urges} disputes={d.disputes} certificates={d.certificates} maintenance={d.maintenance} reforms={d.reforms} inspectionTasks={d.inspectionTasks} silent={d.silentOnRent} today={d.today} className="lg:col-span-2" />
        <ShortcutsCard shortcuts={d.shortcuts} plannedScreens={d.plannedScreens} />
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
