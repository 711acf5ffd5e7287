import { useTranslation } from "react-i18next";
import { Badge } from "~/ui/badge";

/** What a screen that is not built yet shows: its title and a plain statement, never sample data. */
export function PlannedScreen({ path, group }: { path: string; group: string }) {
  const { t } = useTranslation();
  // the screens namespace is keyed by path and `group.<key>` (app/i18n/shell/screen-titles.ts): read as flat keys
  const { t: screenTitle } = useTranslation("screens");
  const title = screenTitle(path, { keySeparator: false, nsSeparator: false });
  const groupTitle = screenTitle(`group.${group}`, { keySeparator: false, nsSeparator: false });
  return (
    <section className="rounded-lg border border-line bg-panel p-8" data-screen={path} data-status="planned">
      <div className="flex items-center gap-3">
        <h1 className="text-2xl font-semibold">{title}</h1>
        <Badge tone="info">{t("planned.badge")}</Badge>
      </div>
      <p className="mt-2 text-sm text-muted">{t("planned.group", { group: groupTitle })}</p>
      <p className="mt-6 max-w-2xl text-base">{t("planned.message", { title })}</p>
    </section>
  );
}
