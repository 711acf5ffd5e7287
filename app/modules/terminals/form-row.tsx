import type { ReactNode } from "react";
import { FieldNotes } from "~/ui/field";

/** A labelled control of the screen's own forms, its hint and error below (the control takes `id` and describedBy itself). */
export function FormRow({ id, label, required, hint, error, children }: { id: string; label: string; required?: boolean; hint?: ReactNode; error?: string | null; children: ReactNode }) {
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {required ? (
          <span className="mr-0.5 text-danger" aria-hidden>
            *
          </span>
        ) : null}
        {label}
      </label>
      {children}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
