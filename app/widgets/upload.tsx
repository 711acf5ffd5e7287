import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useRef, useState, type DragEvent } from "react";
import { useTranslation } from "react-i18next";
import { FILES } from "~/i18n/screen/files";
import { compressImage } from "~/lib/compress-image";
import { acceptOf, checkCount, checkFile, isImageName, isPdfName, resolveRules, type RuleMessage, type UploadKind } from "~/lib/upload-rules";
import { Previewer, type PreviewItem } from "./previewer";
import { Button, buttonClass } from "~/ui/button";

/** An uploaded file as the spec §3 describes it (id, fileName, name, url, status, uid). */
export interface UploadedFile {
  uid: string;
  id?: number;
  name: string;
  fileName?: string;
  url?: string;
  status: "uploading" | "done";
  percent?: number;
}

const UPLOAD_URL = "/api/common/commonfile/uploadFile";
let uidCounter = 0;
const nextUid = () => `u${Date.now().toString(36)}${(uidCounter++).toString(36)}`;

/** Sends one file; resolves with the spec §3 answer, or a failure with the server's message. */
function send(file: File, query: string, onProgress: (percent: number) => void, xhrRef: (xhr: XMLHttpRequest) => void) {
  return new Promise<{ code: number; message?: string; data?: { id: number; fileName: string; name: string; url: string } }>((resolve) => {
    const xhr = new XMLHttpRequest();
    xhrRef(xhr);
    xhr.open("POST", `${UPLOAD_URL}?${query}`);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      try {
        resolve(JSON.parse(xhr.responseText));
      } catch {
        resolve({ code: xhr.status || 500 });
      }
    };
    xhr.onerror = () => resolve({ code: 0 });
    xhr.onabort = () => resolve({ code: -1 });
    const form = new FormData();
    form.append("file", file);
    xhr.send(form);
  });
}

export interface UploadProps {
  /** name of the hidden inputs that carry the uploaded ids in a plain form post */
  name: string;
  /** picture-card (image tiles), text (a list) or drag (a drop zone with the counter) */
  variant?: "picture-card" | "text" | "drag";
  kind?: UploadKind;
  /** MB; 0 or less means no size check */
  fileSize?: number;
  limit?: number;
  /** the stored files: the id the form posts, the name, the download address (by the file's key; null: name only) */
  defaultFiles?: { id: number; name: string; url: string | null }[];
  /** list mode: download and view only */
  readOnly?: boolean;
  onChange?: (files: UploadedFile[]) => void;
  id?: string;
  /** photos scaled down and re-encoded in the browser before they are checked and sent (a phone on a slow link) */
  compress?: boolean;
}

/**
 * The spec's upload widget: checks each file with the shared upload rules before sending, shows the server's
 * message when it refuses one, keeps the ids in hidden inputs, asks 确定要删除 before removing an uploaded file.
 */
export function Upload({ name, variant = "text", kind = variant === "picture-card" ? "image" : "general", fileSize, limit, defaultFiles = [], readOnly = false, onChange, id, compress = false }: UploadProps) {
  const { t } = useTranslation(FILES);
  const rules = resolveRules({ kind, fileSize, limit });
  const [files, setFiles] = useState<UploadedFile[]>(() => defaultFiles.map((f) => ({ uid: `d${f.id}`, id: f.id, name: f.name, fileName: f.name, url: f.url ?? undefined, status: "done" })));
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<UploadedFile | null>(null);
  const [preview, setPreview] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const requests = useRef(new Map<string, XMLHttpRequest>());
  const blobs = useRef(new Map<string, string>());

  useEffect(() => () => {
    for (const xhr of requests.current.values()) xhr.abort();
    for (const url of blobs.current.values()) URL.revokeObjectURL(url);
  }, []);

  const changeHandler = useRef(onChange);
  changeHandler.current = onChange;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else changeHandler.current?.(files);
  }, [files]);
  const update = (change: (list: UploadedFile[]) => UploadedFile[]) => setFiles(change);
  // the typed t() wants every placeholder of the union of keys; each text uses only its own
  const say = (m: RuleMessage) => setError(t(`rules.${m.key}`, { name: "", size: "", limit: "", ...m.params }));

  async function add(chosen: File[]) {
    setError(null);
    if (chosen.length === 0) return;
    const selected = compress ? await Promise.all(chosen.map((f) => compressImage(f))) : chosen;
    const tooMany = checkCount(files.length, selected.length, rules);
    if (tooMany) return say(tooMany);
    const names = files.map((f) => f.name);
    const query = new URLSearchParams({ kind: rules.kind, fileSize: String(rules.fileSize) }).toString();
    for (const file of selected) {
      const refused = checkFile(file, rules, names);
      if (refused) {
        say(refused);
        continue;
      }
      names.push(file.name);
      const uid = nextUid();
      const local = isImageName(file.name) ? URL.createObjectURL(file) : undefined;
      if (local) blobs.current.set(uid, local);
      update((list) => [...list, { uid, name: file.name, url: local, status: "uploading", percent: 0 }]);
      void send(
        file,
        query,
        (percent) => update((list) => list.map((f) => (f.uid === uid ? { ...f, percent } : f))),
        (xhr) => requests.current.set(uid, xhr),
      ).then((answer) => {
        requests.current.delete(uid);
        if (answer.code === 200 && answer.data) {
          const { id: fileId, fileName, name: shown, url } = answer.data;
          update((list) => list.map((f) => (f.uid === uid ? { uid, id: fileId, fileName, name: shown, url, status: "done" } : f)));
        } else {
          if (answer.code !== -1) setError(answer.message || t("upload.failed"));
          // spec §4: a lost session shows its message, then goes to the sign-in page
          if (answer.code === 401) window.setTimeout(() => window.location.assign("/login"), 1500);
          update((list) => list.filter((f) => f.uid !== uid));
        }
        const blob = blobs.current.get(uid);
        if (blob) URL.revokeObjectURL(blob);
        blobs.current.delete(uid);
      });
    }
  }

  function remove(file: UploadedFile) {
    requests.current.get(file.uid)?.abort();
    update((list) => list.filter((f) => f.uid !== file.uid));
    setConfirming(null);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (!readOnly) void add(Array.from(event.dataTransfer.files));
  }

  const done = files.filter((f) => f.status === "done" && f.id !== undefined);
  const previewItems: PreviewItem[] = done.filter((f) => f.url && (isImageName(f.name) || isPdfName(f.name))).map((f) => ({ url: f.url!, name: f.name, pdf: isPdfName(f.name) }));
  const openPreview = (file: UploadedFile) => setPreview(Math.max(0, previewItems.findIndex((p) => p.url === file.url)));
  const canAdd = !readOnly && files.length < rules.limit;
  const full = !readOnly && files.length >= rules.limit;
  const chooser = (
    <input
      ref={input}
      id={id}
      type="file"
      className="sr-only"
      tabIndex={-1}
      aria-hidden
      accept={acceptOf(rules.kind)}
      multiple={rules.limit > 1}
      onChange={(e) => {
        void add(Array.from(e.currentTarget.files ?? []));
        e.currentTarget.value = "";
      }}
    />
  );
  const actionLink = "rounded-sm px-1 text-sm text-brand hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand";

  return (
    <div className="text-ink" data-testid="upload" onDragOver={(e) => e.preventDefault()} onDrop={onDrop}>
      {done.map((f) => (
        <input key={f.uid} type="hidden" name={name} value={f.id} />
      ))}
      {chooser}

      {variant === "drag" && !readOnly ? (
        <button
          type="button"
          disabled={full}
          onClick={() => input.current?.click()}
          onDragEnter={() => setDragging(true)}
          onDragLeave={() => setDragging(false)}
          className={`mb-2 flex w-full flex-col items-center gap-1 rounded-md border-2 border-dashed px-4 py-6 text-sm focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand disabled:cursor-not-allowed ${dragging ? "border-brand bg-brand-soft" : "border-line"}`}
        >
          <span className="font-medium">{full ? t("rules.countReached") : t("upload.add", { count: files.length, limit: rules.limit })}</span>
          {full ? null : <span className="text-muted">{t("upload.drop")}</span>}
        </button>
      ) : null}

      {variant === "picture-card" ? (
        <ul className="flex flex-wrap gap-2" aria-label={t("upload.list")}>
          {files.map((f) => (
            <li key={f.uid} className="group relative size-26 overflow-hidden rounded-md border border-line bg-panel">
              {f.url && isImageName(f.name) ? <img src={f.url} alt={f.name} className="size-full object-cover" /> : <span className="block break-all p-2 text-xs">{f.name}</span>}
              {f.status === "uploading" ? (
                <span className="absolute inset-x-0 bottom-0 bg-black/60 py-1 text-center text-xs text-white" role="status">
                  {t("upload.uploading")} {f.percent ?? 0}%
                </span>
              ) : (
                <span className="absolute inset-0 flex items-center justify-center gap-1 bg-black/50 opacity-0 group-hover:opacity-100 group-focus-within:opacity-100">
                  <button type="button" className="rounded-sm px-1 text-sm text-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-white" onClick={() => openPreview(f)} aria-label={`${t("upload.view")} ${f.name}`}>
                    {t("upload.view")}
                  </button>
                  {readOnly ? null : (
                    <button type="button" className="rounded-sm px-1 text-sm text-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-white" onClick={() => setConfirming(f)} aria-label={`${t("upload.delete")} ${f.name}`}>
                      {t("upload.delete")}
                    </button>
                  )}
                </span>
              )}
            </li>
          ))}
          {canAdd ? (
            <li>
              <button type="button" onClick={() => input.current?.click()} className="flex size-26 flex-col items-center justify-center rounded-md border border-dashed border-line text-muted hover:border-brand hover:text-brand focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand">
                <span className="text-2xl" aria-hidden>
                  +
                </span>
                <span className="text-xs">{t("upload.add", { count: files.length, limit: rules.limit })}</span>
              </button>
            </li>
          ) : null}
        </ul>
      ) : (
        <>
          {variant === "text" && canAdd ? (
            <Button type="button" onClick={() => input.current?.click()} variant="secondary" size="sm" className="mb-2">
              {t("upload.add", { count: files.length, limit: rules.limit })}
            </Button>
          ) : null}
          {variant === "text" && full ? <p className="mb-2 text-sm text-muted">{t("rules.countReached")}</p> : null}
          <ul className="divide-y divide-line" aria-label={t("upload.list")}>
            {files.map((f) => (
              <li key={f.uid} className="flex items-center gap-2 py-1 text-sm">
                <span className="min-w-0 flex-1 truncate" title={f.name}>
                  {f.name}
                </span>
                {f.status === "uploading" ? (
                  <span role="status" className="text-muted tabular-nums">
                    {t("upload.uploading")} {f.percent ?? 0}%
                  </span>
                ) : (
                  <>
                    {isImageName(f.name) || isPdfName(f.name) ? (
                      <button type="button" className={actionLink} onClick={() => openPreview(f)}>
                        {t("upload.view")}
                      </button>
                    ) : null}
                    <a className={actionLink} href={f.url} download={f.name}>
                      {t("upload.download")}
                    </a>
                  </>
                )}
                {readOnly ? null : (
                  <button type="button" className={`${actionLink} text-danger`} onClick={() => (f.status === "uploading" ? remove(f) : setConfirming(f))} aria-label={`${t("upload.delete")} ${f.name}`}>
                    {t("upload.delete")}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}

      {error ? (
        <p role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      ) : null}

      <Dialog.Root open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
          <Dialog.Content role="alertdialog" aria-describedby={undefined} className="fixed left-1/2 top-1/3 z-50 w-80 -translate-x-1/2 rounded-md bg-panel p-4 text-ink shadow-lg">
            <Dialog.Title className="mb-4 text-base">
              {t("upload.confirmDelete")}
              {confirming ? <span className="block truncate text-sm text-muted">{confirming.name}</span> : null}
            </Dialog.Title>
            <div className="flex justify-end gap-2">
              <Dialog.Close className={buttonClass({ variant: "secondary", size: "sm" })}>{t("upload.cancel")}</Dialog.Close>
              <Button type="button" variant="danger" size="sm" onClick={() => confirming && remove(confirming)}>
                {t("upload.ok")}
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <Previewer items={previewItems} index={preview ?? 0} open={preview !== null} onOpenChange={(open) => !open && setPreview(null)} />
    </div>
  );
}
