import type { MetaFunction } from "@remix-run/cloudflare";
import { useLocation } from "@remix-run/react";
import { SettingsPage } from "~/modules/settings/settings-page";
import { mailSetView, mapConfigView, pageConfigView, tenantConfigView } from "~/modules/settings/settings.views";
import { RouteErrorBoundary } from "~/ui/error-state";

const VIEWS = [tenantConfigView, mapConfigView, pageConfigView, mailSetView];
const viewAt = (path: string) => VIEWS.find((v) => v.path.toLowerCase() === path.toLowerCase());

/** A settings screen (one form per tenant); its loader and action are in settings-screen.server.ts. */
export const meta: MetaFunction = ({ location }) => {
  const view = viewAt(location.pathname);
  return [{ title: view ? `Derrick · ${view.title.zh} / ${view.title.en}` : "Derrick" }];
};

export default function SettingsScreen() {
  const view = viewAt(useLocation().pathname);
  return view ? <SettingsPage view={view} /> : null;
}

export const ErrorBoundary = RouteErrorBoundary;
