import { useEffect, useMemo, useState, type InputHTMLAttributes } from "react";
import { formatMoney, normalizeMoney, sanitizeMoneyInput, type MoneyRules } from "~/lib/money";
import { useHydrated } from "~/widgets/use-hydrated";
import { boxClass } from "./input";

type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "defaultValue" | "onChange" | "type" | "min" | "max">;

export interface MoneyInputProps extends NativeProps, MoneyRules {
  /** Form field name; the posted value is the plain number text ("1234.5"). */
  name?: string;
  /** Plain number text or a number. */
  value?: string | number | null;
  defaultValue?: string | number | null;
  /** Called with the plain number text: while typing (intermediate) and once clamped on blur. */
  onValueChange?: (plain: string) => void;
}

const toText = (v: string | number | null | undefined) => (v === null || v === undefined ? "" : String(v));

/**
 * Money input (spec §5). Shows thousands separators until the user types, then plain digits until
 * the field is left. Focus alone changes nothing: a value rewritten on focus would move the caret
 * and drop a selection made as the field is entered (select all, then type the new amount). Before
 * JavaScript runs it is a plain named input, so the form still posts a number; afterwards a hidden
 * input carries the clamped plain value under the same name.
 */
export function MoneyInput({ name, value, defaultValue, onValueChange, precision, allowNegative, negativeOnly, min, max, onFocus, onBlur, className = "", ...input }: MoneyInputProps) {
  const rules: MoneyRules = useMemo(() => ({ precision, allowNegative, negativeOnly, min, max }), [precision, allowNegative, negativeOnly, min, max]);
  const hydrated = useHydrated();
  const controlled = value !== undefined;
  const [text, setText] = useState(() => normalizeMoney(toText(controlled ? value : defaultValue), rules));
  const [focused, setFocused] = useState(false);
  const [editing, setEditing] = useState(false);

  // follow a controlled value unless the user is typing in the field
  useEffect(() => {
    if (controlled && !focused) setText(normalizeMoney(toText(value), rules));
  }, [controlled, value, focused, rules]);

  const plainValue = normalizeMoney(text, rules);
  const shown = hydrated && !editing ? formatMoney(plainValue) : text;

  return (
    <>
      <input
        {...input}
        type="text"
        inputMode={allowNegative || negativeOnly ? "text" : "decimal"}
        autoComplete="off"
        name={hydrated ? undefined : name}
        value={shown}
        onFocus={(e) => {
          setFocused(true);
          onFocus?.(e);
        }}
        onChange={(e) => {
          const next = sanitizeMoneyInput(e.target.value, rules);
          setEditing(true);
          setText(next);
          onValueChange?.(next);
        }}
        onBlur={(e) => {
          setFocused(false);
          setEditing(false);
          setText(plainValue);
          if (plainValue !== text) onValueChange?.(plainValue);
          onBlur?.(e);
        }}
        className={`${boxClass} h-9 w-full px-3 text-right text-base tabular-nums disabled:opacity-60 ${className}`}
      />
      {hydrated && name ? <input type="hidden" name={name} value={plainValue} /> : null}
    </>
  );
}
