import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { TimeZoneContext } from "~/lib/use-time-zone";
import { buildMenuTree, decodeMenu, flattenMenu, type MenuNode, type MenuWire } from "~/lib/navigation";
import { menuWireOf, plannedScreensShown, requireScope } from "~/modules/access/access.server";
import { readPreferences } from "~/modules/auth/preferences.server";
import { Shell } from "~/modules/shell/shell";
import { RouteErrorBoundary } from "~/ui/error-state";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context);
  const { user, access } = scope;
  return {
    user: { id: user.id, userName: user.userName, loginAccount: user.loginAccount, tenantName: user.tenantName, isAdmin: user.isAdmin },
    // the tenant's zone: client components show and pick days in it (useTimeZone, app/lib/use-time-zone.ts)
    timeZone: user.timeZone,
    // one flat list, hidden items (detail screens, planned screens) included since tabs and breadcrumbs name them;
    // the browser builds the tree, so the page carries every item once, named in the page's language
    menu: menuWireOf(access, readPreferences(request).lang, plannedScreensShown(scope)),
  };
}

// The menu changes only when an administrator edits it; screens guard themselves on every navigation.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === "/settings" || formAction === "/logout" ? true : defaultShouldRevalidate && !!formAction;

export default function AppLayout() {
  const data = useLoaderData<typeof loader>();
  const { user } = data;
  const { tree, items } = menuOf(data.menu);
  return (
    <TimeZoneContext.Provider value={data.timeZone}>
      <Shell user={user} tree={tree} items={items}>
        <Outlet />
      </Shell>
    </TimeZoneContext.Provider>
  );
}

/**
 * The side menu's tree and the flat list tabs and breadcrumbs look up, from the menu's wire form. The server renders
 * every page of a user from the same cached string, so the last one built is kept (nothing changes these trees).
 */
let lastMenu: { wire: string; tree: MenuNode[]; items: MenuNode[] } | undefined;
function menuOf(wire: string) {
  if (lastMenu?.wire !== wire) {
    const menu = decodeMenu(JSON.parse(wire) as MenuWire[]);
    lastMenu = { wire, tree: buildMenuTree(menu.filter((m) => !m.hidden)), items: flattenMenu(buildMenuTree(menu)) };
  }
  return lastMenu;
}

export const ErrorBoundary = RouteErrorBoundary;
