import type { MetaFunction } from "@remix-run/cloudflare";
import { useLocation } from "@remix-run/react";
import { ResourcePage } from "~/modules/resource/resource-page";
import { PLAIN_VIEWS } from "~/modules/resource/views";
import { RouteErrorBoundary } from "~/ui/error-state";

/**
 * The whole screen of a resource that needs nothing beyond the generic list and form; its loader and action
 * are in resource-screen.server.ts. A route file is two lines re-exporting both.
 */
export const meta: MetaFunction = ({ location }) => {
  const view = PLAIN_VIEWS.find((v) => v.path.toLowerCase() === location.pathname.toLowerCase());
  return [{ title: view ? `Derrick · ${view.title.zh} / ${view.title.en}` : "Derrick" }];
};

export default function ResourceScreen() {
  const { pathname } = useLocation();
  const view = PLAIN_VIEWS.find((v) => v.path.toLowerCase() === pathname.toLowerCase());
  return view ? <ResourcePage view={view} /> : null;
}

export const ErrorBoundary = RouteErrorBoundary;
