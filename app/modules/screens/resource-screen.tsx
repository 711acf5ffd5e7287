import type { MetaFunction } from "@remix-run/cloudflare";
import { useLocation } from "@remix-run/react";
import { ResourcePage } from "~/modules/resource/resource-page";
import { PLAIN_VIEWS } from "~/modules/resource/views";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

/**
 * The whole screen of a resource that needs nothing beyond the generic list and form; its loader and action
 * are in resource-screen.server.ts. A route file is two lines re-exporting both.
 */
export const meta: MetaFunction = ({ location, matches }) => [{ title: pageTitle(matches, PLAIN_VIEWS.find((v) => v.path.toLowerCase() === location.pathname.toLowerCase())?.title) }];

export default function ResourceScreen() {
  const { pathname } = useLocation();
  const view = PLAIN_VIEWS.find((v) => v.path.toLowerCase() === pathname.toLowerCase());
  return view ? <ResourcePage view={view} /> : null;
}

export const ErrorBoundary = RouteErrorBoundary;
