import { useTranslation } from "react-i18next";
import { WORKFLOW } from "~/i18n/screen/workflow-flows";
import { labelOf } from "~/lib/list/types";
import { tenantConfigView } from "~/modules/settings/settings.views";
import { tabsOf } from "~/modules/screens/domains";
import { RouteTabs } from "~/ui/route-tabs";

export const APPROVAL_FLOWS_PATH = "/tenantConfig/approvals";

/** /tenantConfig: the tenant's settings and its approval flows, both under the 租户配置 menu item. */
export function TenantConfigTabs() {
  // the approval flows' title comes with their texts: the settings and template tabs' chunks register them here
  const { t, i18n } = useTranslation(WORKFLOW);
  const title = labelOf(tenantConfigView.title, i18n.language);
  return (
    <RouteTabs
      label={title}
      tabs={[
        { to: tenantConfigView.path, label: title },
        { to: APPROVAL_FLOWS_PATH, label: t("flows.title") },
        // the domains' own tabs (合同模板: app/modules/contract-pdf/screens.ts)
        ...tabsOf(tenantConfigView.path).map((tab) => ({ to: tab.to, label: labelOf(tab.label, i18n.language) })),
      ]}
    />
  );
}
