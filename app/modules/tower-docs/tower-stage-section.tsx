import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { labelOf } from "~/lib/list/types";
import { TOWER_STAGES } from "./tower-doc.resource";
import { TOWER_DOC } from "./texts/towerDoc";

export interface TowerStageView {
  vehicleId: number;
  file: { docId: number; stage: number; since: string; height: number | null } | null;
}

/** A tower's page: where its file says it is (the latest record's stage, its day and height), and the way to the file. */
export function TowerStageSection({ tower }: { tower: TowerStageView }) {
  const { t, i18n } = useTranslation(TOWER_DOC);
  const stage = tower.file && TOWER_STAGES.find((s) => s.value === String(tower.file!.stage));
  return (
    <section aria-labelledby="tower-file-title" className="mb-4 rounded-lg border border-line bg-panel p-4" data-testid="tower-file">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="tower-file-title" className="text-base font-semibold text-ink">
          {t("section.title")}
        </h2>
        {tower.file ? (
          <>
            <span className="rounded bg-brand/10 px-2 text-sm text-brand">{stage ? labelOf(stage.label, i18n.language) : "—"}</span>
            <span className="text-sm text-muted">
              {t("section.since", { day: tower.file.since })}
              {tower.file.height !== null && ` · ${tower.file.height.toFixed(1)} m`}
            </span>
            <Link to={`/towerDocument/form?id=${tower.file.docId}`} className="ml-auto text-sm text-brand">
              {t("section.open")}
            </Link>
          </>
        ) : (
          <>
            <span className="text-sm text-muted">{t("section.none")}</span>
            <Link to={`/towerDocument/form?new=1&vehicleId=${tower.vehicleId}`} className="ml-auto text-sm text-brand">
              {t("section.create")}
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
