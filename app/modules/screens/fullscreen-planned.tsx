import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireScope } from "~/modules/access/access.server";
import { findScreen } from "~/modules/screens/registry";
import { PlannedScreen } from "~/modules/screens/planned-screen";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

/**
 * Screen, exam, replay and kanban routes outside the main layout (spec §2): they need a signed-in user,
 * otherwise /login?l=t. remix.config.ts binds every such registry path to this module.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const screen = findScreen(url.pathname);
  if (!screen) throw new Response("Not Found", { status: 404 });
  const { user } = await requireScope(request, context, { l: "t" });
  if (screen.path === "/customerScreen" && user.companyKind === 5) throw redirect("/customerScreenInfo");
  await requireScope(request, context, { screen: screen.path, l: "t" });
  return { path: screen.path, group: screen.group, zh: screen.zh, en: screen.en };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: pageTitle(matches, data) }];

export default function FullscreenPlanned() {
  const screen = useLoaderData<typeof loader>();
  return (
    <div className="min-h-screen bg-canvas p-8">
      <PlannedScreen path={screen.path} group={screen.group} />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
