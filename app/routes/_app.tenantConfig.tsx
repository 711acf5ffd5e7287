// tenantConfig: a settings screen (app/modules/settings), with the approval flows as its second tab.
import type { MetaFunction } from "@remix-run/cloudflare";
import { SettingsPage } from "~/modules/settings/settings-page";
import { tenantConfigView } from "~/modules/settings/settings.views";
import { TenantConfigTabs } from "~/modules/workflow/tenant-config-tabs";
import { pageTitle } from "~/lib/page-title";
export { ErrorBoundary } from "~/modules/screens/settings-screen";
export { settingsScreenAction as action, settingsScreenLoader as loader } from "~/modules/screens/settings-screen.server";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, tenantConfigView.title) }];

export default function TenantConfig() {
  return <SettingsPage view={tenantConfigView} tabs={<TenantConfigTabs />} />;
}
