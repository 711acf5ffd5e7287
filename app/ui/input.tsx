import { forwardRef, type InputHTMLAttributes, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";

/**
 * The box every text control shares (border, background, focus, a red border when aria-invalid, dimmed when disabled),
 * without its size: a control adds its height, width, padding and text size (`h-8 w-[160px] px-2 text-sm`). Screens
 * use this or the controls below, never a copy of it (app/ui/ui-ssr.test.ts).
 */
export const boxClass =
  "rounded-md border border-line bg-panel text-ink placeholder:text-muted focus:border-brand focus:outline-none focus-visible:ring-2 focus-visible:ring-brand/30 aria-[invalid=true]:border-danger disabled:cursor-not-allowed disabled:opacity-60";

/** The form controls' full-width box. */
export const controlClass = `w-full ${boxClass} px-3 text-base`;

/** A text input (forwardRef, so Conform and focus management reach the element). Name it with a `<label htmlFor>` (see Field) or aria-label. */
export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input({ className = "", ...props }, ref) {
  return <input ref={ref} className={`h-9 ${controlClass} ${className}`} {...props} />;
});

/** A native select: it posts without JavaScript and speaks the platform's keyboard. */
export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select({ className = "", ...props }, ref) {
  return <select ref={ref} className={`h-9 ${controlClass} ${className}`} {...props} />;
});

/** A multi-line text box (reasons, remarks). */
export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea({ className = "", rows = 3, ...props }, ref) {
  return <textarea ref={ref} rows={rows} className={`py-2 ${controlClass} ${className}`} {...props} />;
});

/**
 * A number typed as text: the keypad of digits (`decimals`: with a point) on a phone, right-aligned tabular digits. It
 * posts what is typed; the field's codec on the server reads it (app/lib/field-codecs.ts). Money has MoneyInput.
 */
export const NumberInput = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "inputMode"> & { decimals?: boolean }>(function NumberInput({ decimals, className = "", ...props }, ref) {
  return <Input ref={ref} type="text" inputMode={decimals ? "decimal" : "numeric"} autoComplete="off" className={`text-right tabular-nums ${className}`} {...props} />;
});
