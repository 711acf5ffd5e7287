import { useState } from "react";
import { useTranslation } from "react-i18next";
import { todayIn } from "~/lib/calendar";
import { PeriodPopover } from "./period-popover";
import { useControllable } from "./use-controllable";
import { dateTimeFormat } from "~/lib/intl";
import { useTimeZone } from "~/lib/use-time-zone";

/** Month name in the user's language ("11月" / "November"). */
export function useMonthName() {
  const { t, i18n } = useTranslation("widgets");
  return (month: number) => t("period.month", { month, monthName: dateTimeFormat(i18n.language, { month: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2000, month - 1, 1))) });
}

/** "2026年11月" / "November 2026" for a yyyy-MM value. */
export function useMonthTitle() {
  const { t } = useTranslation("widgets");
  const monthName = useMonthName();
  return (value: string) => {
    const [year, month] = value.split("-").map(Number);
    return t("calendar.monthTitle", { year, month, monthName: monthName(month) });
  };
}

export interface MonthPickerProps {
  /** yyyy-MM, or null for none; leave undefined (with defaultValue) to let the picker keep it. */
  value?: string | null;
  defaultValue?: string | null;
  onChange?: (value: string | null) => void;
  clearable?: boolean;
  /** Months that cannot be chosen, e.g. beyond the current one (spec §5). */
  disabledMonth?: (value: string) => boolean;
  /** Posts the value as yyyy-MM under this name. */
  name?: string;
  id?: string;
  disabled?: boolean;
  className?: string;
}

/** Month picker: placeholder 选择月, year navigation, twelve months. */
export function MonthPicker({ value: valueProp, defaultValue = null, onChange, clearable, disabledMonth, name, id, disabled, className }: MonthPickerProps) {
  const { t } = useTranslation("widgets");
  const [value, setValue] = useControllable(valueProp, defaultValue, onChange);
  const monthName = useMonthName();
  const monthTitle = useMonthTitle();
  const [open, setOpen] = useState(false);
  const timeZone = useTimeZone();
  const [year, setYear] = useState(() => Number((value ?? todayIn(timeZone)).slice(0, 4)));
  const key = (m: number) => `${year}-${String(m).padStart(2, "0")}`;
  return (
    <>
      <PeriodPopover
        id={id}
        className={className}
        disabled={disabled}
        valueText={value ? monthTitle(value) : null}
        placeholder={t("calendar.selectMonth")}
        open={open}
        onOpenChange={(next) => {
          if (next && value) setYear(Number(value.slice(0, 4)));
          setOpen(next);
        }}
        year={year}
        onYearChange={setYear}
        columns={3}
        options={Array.from({ length: 12 }, (_, i) => ({
          key: key(i + 1),
          label: monthName(i + 1),
          ariaLabel: monthTitle(key(i + 1)),
          selected: value === key(i + 1),
          disabled: disabledMonth?.(key(i + 1)) ?? false,
        }))}
        onPick={(picked) => {
          setValue(picked);
          setOpen(false);
        }}
        onClear={clearable ? () => setValue(null) : undefined}
      />
      {name ? <input type="hidden" name={name} value={value ?? ""} /> : null}
    </>
  );
}
