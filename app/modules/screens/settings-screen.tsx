import type { MetaFunction } from "@remix-run/cloudflare";
import { useLocation } from "@remix-run/react";
import { SettingsPage } from "~/modules/settings/settings-page";
import { mailSetView, mapConfigView, pageConfigView, tenantConfigView } from "~/modules/settings/settings.views";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

const VIEWS = [tenantConfigView, mapConfigView, pageConfigView, mailSetView];
const viewAt = (path: string) => VIEWS.find((v) => v.path.toLowerCase() === path.toLowerCase());

/** A settings screen (one form per tenant); its loader and action are in settings-screen.server.ts. */
export const meta: MetaFunction = ({ location, matches }) => [{ title: pageTitle(matches, viewAt(location.pathname)?.title) }];

export default function SettingsScreen() {
  const view = viewAt(useLocation().pathname);
  return view ? <SettingsPage view={view} /> : null;
}

export const ErrorBoundary = RouteErrorBoundary;
