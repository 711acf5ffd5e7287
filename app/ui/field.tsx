import type { InputHTMLAttributes, ReactNode } from "react";
import { Input } from "./input";

export { Button } from "./button";

/** The ids a control names in aria-describedby for its hint and error (see FieldNotes). */
export function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  return [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
}

/** The hint and the error under a control, with the ids describedBy names. */
export function FieldNotes({ id, hint, error }: { id: string; hint?: ReactNode; error?: string | null }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** A labelled input with its hint and error below, linked for screen readers. */
export function Field({ label, error, hint, id, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; error?: string | null; hint?: ReactNode; id: string }) {
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} {...input} />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

export function Alert({ tone, children }: { tone: "error" | "info" | "success"; children: ReactNode }) {
  const styles = { error: "border-danger/40 text-danger", info: "border-brand/40 text-brand", success: "border-success/40 text-success" }[tone];
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`mb-4 rounded-md border bg-panel px-3 py-2 text-sm ${styles}`}>
      {children}
    </div>
  );
}
