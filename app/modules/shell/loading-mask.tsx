import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** Full-screen mask while a navigation loads (spec §2); shown after 150 ms so quick pages don't flicker. */
export function LoadingMask() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  const loading = navigation.state === "loading" && navigation.location?.pathname !== undefined;
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!loading) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), 150);
    return () => clearTimeout(timer);
  }, [loading]);
  if (!visible) return null;
  return (
    <div role="status" aria-live="polite" data-testid="loading-mask" className="fixed inset-0 z-50 cursor-progress bg-canvas/40">
      <div className="absolute top-0 left-0 h-1 w-full overflow-hidden bg-brand-soft">
        <div className="loading-bar h-full w-1/4 bg-brand" />
      </div>
      <span className="sr-only">{t("loading")}</span>
    </div>
  );
}
