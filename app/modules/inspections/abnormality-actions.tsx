import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/ui/button";
import { ABNORMALITY_STATE } from "./abnormality.resource";
import { INSPECTION } from "./texts/inspection";

/** Under an issue: 转维修 while it is open (a repair order of its machine, its fault carried; 设备维修 judges who may), or its repair order. */
export function AbnormalityActions() {
  const { t } = useTranslation(INSPECTION);
  const { doc } = useLoaderData<{ doc: { id: number; state: number; repairId?: number | null } | null }>();
  if (!doc) return null;
  if (doc.repairId)
    return (
      <Link to={`/equipmentRepair/form?id=${doc.repairId}`} className={buttonClass({ variant: "secondary" })} data-testid="open-repair">
        {t("openRepair")}
      </Link>
    );
  if (Number(doc.state) !== ABNORMALITY_STATE.open) return null;
  return (
    <div className="flex items-center gap-3 rounded-lg border border-line bg-panel p-4">
      <Link to={`/equipmentRepair/form?new=1&abnormalityId=${doc.id}`} className={buttonClass({ variant: "primary" })} data-testid="to-repair">
        {t("toRepair")}
      </Link>
      <span className="text-sm text-muted">{t("toRepairHint")}</span>
    </div>
  );
}
