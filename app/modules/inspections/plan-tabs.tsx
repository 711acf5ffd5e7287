import { useTranslation } from "react-i18next";
import { labelOf } from "~/lib/list/types";
import { RouteTabs } from "~/ui/route-tabs";
import { planView } from "./plan.resource";
import { recordView } from "./record.resource";

/** /inspectionPlan: the plans and the records made, both under the 巡检计划 menu item. */
export function PlanTabs() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return <RouteTabs label={labelOf(planView.title, lang)} tabs={[planView, recordView].map((v) => ({ to: v.path, label: labelOf(v.title, lang) }))} />;
}
