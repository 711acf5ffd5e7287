import { useTranslation } from "react-i18next";
import { MAPS } from "~/i18n/screen/maps";
import { SIGN_IN_RADII } from "~/lib/location";
import { Select } from "~/ui/input";

// What the sign-in field (sign-in-map.tsx) and its map dialog (sign-in-map-dialog.tsx, loaded on the first click) share.

/** Spec §9: the sign-in map opens at zoom 8 when it has no point yet. */
export const SIGN_IN_ZOOM = 8;

/** 签到范围: 请选择 until chosen, then one of the spec's radii. */
export function RadiusSelect({ id, name, value, onChange }: { id: string; name?: string; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation(MAPS);
  return (
    <Select id={id} name={name} value={value} onChange={(e) => onChange(e.target.value)} data-testid="sign-in-radius">
      <option value="" disabled>
        {t("signIn.radiusPlaceholder")}
      </option>
      {SIGN_IN_RADII.map((r) => (
        <option key={r} value={String(r)}>
          {t("signIn.metres", { count: r })}
        </option>
      ))}
    </Select>
  );
}
