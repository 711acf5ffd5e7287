import { useState } from "react";
import { useTranslation } from "react-i18next";
import { todayIn } from "~/lib/calendar";
import { formatQuarter, isQuarterDisabled, parseQuarter, quarterDays, QUARTERS, type Quarter, type QuarterValue } from "~/lib/period";
import { PeriodPopover } from "./period-popover";
import { useControllable } from "./use-controllable";
import { useTimeZone } from "~/lib/use-time-zone";

export interface QuarterPickerProps {
  /** "yyyy-Qn", or null for none; leave undefined (with defaultValue) to let the picker keep it. */
  value?: string | null;
  defaultValue?: string | null;
  /** The quarter and its first and last day, or nulls when cleared. */
  onChange?: (value: string | null, days: { start: string; end: string } | null) => void;
  /** Shows a clear button (清空) while a quarter is chosen. */
  clearable?: boolean;
  /** Days that cannot be chosen; a quarter is disabled when all its days are. */
  disabledDate?: (date: string) => boolean;
  /** Posts "yyyy-Qn" under this name. */
  name?: string;
  id?: string;
  disabled?: boolean;
  className?: string;
}

/** Quarter picker (spec §2): year navigation, quarters 一 to 四, shown as 2026年 第一季度. */
export function QuarterPicker({ value: valueProp, defaultValue = null, onChange, clearable = true, disabledDate, name, id, disabled, className }: QuarterPickerProps) {
  const { t } = useTranslation("widgets");
  const [value, setValue] = useControllable(valueProp, defaultValue, onChange);
  const chosen = parseQuarter(value);
  const [open, setOpen] = useState(false);
  const timeZone = useTimeZone();
  const [year, setYear] = useState(() => chosen?.year ?? Number(todayIn(timeZone).slice(0, 4)));
  const describe = (v: QuarterValue) => t("quarter.value", { year: v.year, quarter: t(`quarter.long.${v.quarter}`) });

  return (
    <>
      <PeriodPopover
        id={id}
        className={className}
        disabled={disabled}
        valueText={chosen ? describe(chosen) : null}
        placeholder={t("quarter.placeholder")}
        open={open}
        onOpenChange={(next) => {
          if (next && chosen) setYear(chosen.year);
          setOpen(next);
        }}
        year={year}
        onYearChange={setYear}
        columns={4}
        options={QUARTERS.map((quarter: Quarter) => ({
          key: String(quarter),
          label: t(`quarter.short.${quarter}`),
          ariaLabel: describe({ year, quarter }),
          selected: chosen?.year === year && chosen.quarter === quarter,
          disabled: isQuarterDisabled({ year, quarter }, disabledDate),
        }))}
        onPick={(key) => {
          const picked: QuarterValue = { year, quarter: Number(key) as Quarter };
          setValue(formatQuarter(picked), quarterDays(picked));
          setOpen(false);
        }}
        onClear={clearable ? () => setValue(null, null) : undefined}
      />
      {name ? <input type="hidden" name={name} value={value ?? ""} /> : null}
    </>
  );
}
