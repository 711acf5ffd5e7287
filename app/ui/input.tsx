import { forwardRef, type InputHTMLAttributes, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";

/** The box every text control shares; aria-invalid turns the border red, disabled dims it. */
export const controlClass =
  "w-full rounded-md border border-line bg-panel px-3 text-base text-ink placeholder:text-muted focus:border-brand focus:outline-none focus-visible:ring-2 focus-visible:ring-brand/30 aria-[invalid=true]:border-danger disabled:cursor-not-allowed disabled:opacity-60";

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
