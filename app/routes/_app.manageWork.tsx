import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { flattenMenu, type MenuNode } from "~/lib/navigation";
import { menuTreeOf, requireScope, type Access } from "~/modules/access/access.server";
import { SCREENS } from "~/modules/screens/registry";
import { menuLabel } from "~/modules/shell/side-menu";
import { RouteErrorBoundary } from "~/ui/error-state";
import { formatInZone } from "~/lib/tenant-clock";
import { useTimeZone } from "~/lib/use-time-zone";
import { todoFor } from "~/modules/workflow/approval.server";
import { APPROVAL_KINDS } from "~/modules/workflow/kinds.server";
import { TodoList } from "~/modules/workflow/todo-list";

export const meta: MetaFunction = () => [{ title: "Derrick · 工作台 / Workbench" }];

/** The landing screen: who is signed in, where, and the screens they can open. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: "/manageWork" });
  const { user, access } = scope;
  const leaves = quickLinksOf(access);
  const built = SCREENS.filter((s) => s.status === "built").length;
  return {
    user: { userName: user.userName, tenantName: user.tenantName, lastLoginAt: user.lastLoginAt },
    organisation: user.orgName,
    roles: access.roleNames,
    quickLinks: leaves.slice(0, 12).map((m) => ({ privisId: m.privisId, name: m.name, nameEn: m.nameEn, path: m.routerPath! })),
    coverage: { built, total: SCREENS.length },
    // what waits on this user's decision (approval steps they decide)
    todo: await todoFor(scope, APPROVAL_KINDS),
  };
}

// the same for every request of one access (the access object is cached until roles or menus change)
const leavesOf = new WeakMap<Access, MenuNode[]>();
function quickLinksOf(access: Access): MenuNode[] {
  let leaves = leavesOf.get(access);
  if (!leaves) {
    leaves = flattenMenu(menuTreeOf(access)).filter((m) => m.routerPath && m.children.length === 0 && m.routerPath !== "/manageWork");
    leavesOf.set(access, leaves);
  }
  return leaves;
}

export default function ManageWork() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const timeZone = useTimeZone();
  const date = formatInZone(new Date(), timeZone, lang, { dateStyle: "full" });
  const lastLogin = data.user.lastLoginAt ? formatInZone(data.user.lastLoginAt, timeZone, lang, { dateStyle: "medium", timeStyle: "short" }) : t("home.never");
  return (
    <div className="space-y-4">
      <section className="rounded-lg border border-line bg-panel p-6">
        <h1 className="text-2xl font-semibold">{t("home.welcome", { name: data.user.userName })}</h1>
        <p className="mt-1 text-muted" suppressHydrationWarning>
          {t("home.today", { date })}
        </p>
        <dl className="mt-4 grid grid-cols-4 gap-4 text-sm">
          {[
            [t("home.company"), data.user.tenantName],
            [t("home.organisation"), data.organisation ?? "—"],
            [t("home.roles"), data.roles.join("、") || "—"],
            [t("home.lastLogin"), lastLogin],
          ].map(([k, v]) => (
            <div key={k} className="rounded-md bg-canvas p-3">
              <dt className="text-muted">{k}</dt>
              <dd className="mt-1 font-medium" suppressHydrationWarning>
                {v}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <TodoList items={data.todo} />
      <section className="rounded-lg border border-line bg-panel p-6">
        <div className="flex items-baseline justify-between">
          <h2 className="text-lg font-semibold">{t("home.quickLinks")}</h2>
          <p className="text-sm text-muted">{t("home.screensBuilt", data.coverage)}</p>
        </div>
        {data.quickLinks.length === 0 ? (
          <p className="mt-4 text-muted">{t("home.noQuickLinks")}</p>
        ) : (
          <ul className="mt-4 grid grid-cols-6 gap-3">
            {data.quickLinks.map((q) => (
              <li key={q.privisId}>
                <Link to={q.path} className="block truncate rounded-md border border-line px-3 py-3 text-center text-sm hover:border-brand hover:text-brand">
                  {menuLabel(q, lang)}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
