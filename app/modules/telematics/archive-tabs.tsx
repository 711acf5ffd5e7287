import { useTranslation } from "react-i18next";
import { TELEMATICS } from "~/modules/telematics/texts/telematics";
import { RouteTabs } from "~/ui/route-tabs";

const TABS = [
  { to: "/deviceList", key: "vehicles" },
  { to: "/deviceList/models", key: "models" },
  { to: "/deviceList/owners", key: "owners" },
  { to: "/deviceList/drivers", key: "drivers" },
  { to: "/deviceList/markerTypes", key: "markerTypes" },
  { to: "/deviceList/markers", key: "markers" },
] as const;

/** The vehicle archive's lists, one tab each, all under the /deviceList menu item. */
export function ArchiveTabs() {
  const { t } = useTranslation(TELEMATICS);
  return <RouteTabs label={t("tabs.label")} tabs={TABS.map((tab) => ({ to: tab.to, label: t(`tabs.${tab.key}`) }))} />;
}
