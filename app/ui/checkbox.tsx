import { forwardRef, type InputHTMLAttributes, type ReactNode } from "react";

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type"> {
  /** The visible label; the whole row is clickable. Omit it only with an aria-label. */
  label?: ReactNode;
}

/**
 * A native checkbox in the brand colour: it posts `name=value` like any input (repeated names make an
 * array for Conform), works before JavaScript arrives, and costs no client code.
 */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox({ label, className = "", disabled, ...props }, ref) {
  const box = (
    <input
      ref={ref}
      type="checkbox"
      disabled={disabled}
      className="size-4 shrink-0 cursor-pointer rounded-sm border-line accent-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed"
      {...props}
    />
  );
  if (label === undefined) return box;
  return (
    <label className={`inline-flex items-center gap-2 text-ink ${disabled ? "cursor-not-allowed opacity-60" : "cursor-pointer"} ${className}`}>
      {box}
      <span>{label}</span>
    </label>
  );
});
