import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { buildMenuTree, flattenMenu } from "~/lib/navigation";
import { menuTreeOf, requireScope } from "~/modules/access/access.server";
import { Shell } from "~/modules/shell/shell";
import { RouteErrorBoundary } from "~/ui/error-state";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, access } = await requireScope(request, context);
  return {
    user: { id: user.id, userName: user.userName, loginAccount: user.loginAccount, tenantName: user.tenantName, isAdmin: user.isAdmin },
    tree: menuTreeOf(access),
    // hidden items (detail screens) too: tabs and breadcrumbs name them
    items: flattenMenu(buildMenuTree(access.menuRows)),
  };
}

// The menu changes only when an administrator edits it; screens guard themselves on every navigation.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === "/settings" || formAction === "/logout" ? true : defaultShouldRevalidate && !!formAction;

export default function AppLayout() {
  const { user, tree, items } = useLoaderData<typeof loader>();
  return (
    <Shell user={user} tree={tree} items={items}>
      <Outlet />
    </Shell>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
