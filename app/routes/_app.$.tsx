import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireScope } from "~/modules/access/access.server";
import { findScreen } from "~/modules/screens/registry";
import { PlannedScreen } from "~/modules/screens/planned-screen";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

/** Every spec screen not built yet: reachable from the menu, guarded like a real one, and honest about its state. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const screen = findScreen(new URL(request.url).pathname);
  if (!screen || screen.layout !== "app") {
    await requireScope(request, context);
    throw new Response("Not Found", { status: 404 });
  }
  await requireScope(request, context, { screen: screen.path });
  return { path: screen.path, group: screen.group, zh: screen.zh, en: screen.en };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: pageTitle(matches, data) }];

export default function PlannedRoute() {
  const screen = useLoaderData<typeof loader>();
  return <PlannedScreen path={screen.path} group={screen.group} />;
}

export const ErrorBoundary = RouteErrorBoundary;
