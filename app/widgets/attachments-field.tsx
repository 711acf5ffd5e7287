import { Upload } from "./upload";

/**
 * A form's attachments through the upload widget, as a resource drawer's own part (FormExtra): one hidden `name` input per file.
 * Shows the files as posted after a refused save, else the stored ones (`values[storedKey]`, `{ id, name, url }[]` that the
 * resource's editValues reads), and the server's message under them.
 */
export function AttachmentsField({ values, errorOf, label, name = "attachments", storedKey = "attachmentFiles", limit = 10 }: { values: Record<string, unknown>; errorOf: (key: string) => string | null; label: string; name?: string; storedKey?: string; limit?: number }) {
  const stored = Array.isArray(values[storedKey]) ? (values[storedKey] as { id: number; name: string; url: string | null }[]) : [];
  // after a refused save: the posted ids, named (and linked) when stored; a file uploaded in that attempt shows its id only
  const posted = Array.isArray(values[name])
    ? (values[name] as unknown[]).map((id) => {
        const known = stored.find((f) => f.id === Number(id));
        return { id: Number(id), name: known?.name ?? `#${String(id)}`, url: known?.url ?? null };
      })
    : null;
  const error = errorOf(name);
  return (
    <div className="col-span-2 mb-4">
      <p className="mb-1 text-sm font-medium text-ink">{label}</p>
      <Upload name={name} variant="text" kind="general" limit={limit} defaultFiles={posted ?? stored} id={`field-${name}`} />
      {error ? (
        <p role="alert" className="mt-0.5 text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
