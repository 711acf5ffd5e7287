import { NavLink } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TELEMATICS } from "~/i18n/screen/telematics";

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
  return (
    <nav aria-label={t("tabs.label")} className="flex gap-1 border-b border-line px-4 pt-3">
      {TABS.map((tab) => (
        <NavLink
          key={tab.key}
          to={tab.to}
          end
          prefetch="intent"
          className={({ isActive }) =>
            `-mb-px rounded-t-md border px-3 py-1.5 text-sm ${isActive ? "border-line border-b-panel bg-panel font-medium text-brand" : "border-transparent text-muted hover:text-ink"}`
          }
        >
          {t(`tabs.${tab.key}`)}
        </NavLink>
      ))}
    </nav>
  );
}
