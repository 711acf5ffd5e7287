import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useMemo } from "react";
import { Outlet, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { buildMenuTree, decodeMenu, flattenMenu, type MenuWire } from "~/lib/navigation";
import { menuWireOf, requireScope } from "~/modules/access/access.server";
import { Shell } from "~/modules/shell/shell";
import { RouteErrorBoundary } from "~/ui/error-state";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, access } = await requireScope(request, context);
  return {
    user: { id: user.id, userName: user.userName, loginAccount: user.loginAccount, tenantName: user.tenantName, isAdmin: user.isAdmin },
    // one flat list, hidden items (detail screens) included since tabs and breadcrumbs name them;
    // the browser builds the tree, so the page carries every item once
    menu: menuWireOf(access),
  };
}

// The menu changes only when an administrator edits it; screens guard themselves on every navigation.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === "/settings" || formAction === "/logout" ? true : defaultShouldRevalidate && !!formAction;

export default function AppLayout() {
  const data = useLoaderData<typeof loader>();
  const { user } = data;
  const menu = useMemo(() => decodeMenu(JSON.parse(data.menu) as MenuWire[]), [data.menu]);
  const tree = useMemo(() => buildMenuTree(menu.filter((m) => !m.hidden)), [menu]);
  const items = useMemo(() => flattenMenu(buildMenuTree(menu)), [menu]);
  return (
    <Shell user={user} tree={tree} items={items}>
      <Outlet />
    </Shell>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
