import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useToast } from "./toast";
import { saveFile } from "~/lib/save-file";
import { isModifiedClick } from "~/lib/navigation";

/** The file name of a Content-Disposition header: filename* (RFC 5987, UTF-8) first, then filename. */
export function fileNameFrom(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      // a malformed escape: fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1]?.trim() || fallback;
}

/** The share of a download received, 0–100, or null when the server did not say how big it is. */
export function percentOf(received: number, total: number): number | null {
  return total > 0 ? Math.min(100, Math.floor((received / total) * 100)) : null;
}

export type DownloadResult = { ok: true; blob: Blob; name: string } | { ok: false; message: "downloadFailed" | "downloadEmpty" | null; serverMessage?: string };

/**
 * Fetches a file as the browser would download it, reporting progress from Content-Length as the body
 * streams in. Spec §8: a JSON body is the server's message, an empty file is 下载文件为空, else 下载失败.
 */
export async function fetchDownload(href: string, onProgress: (percent: number | null) => void): Promise<DownloadResult> {
  let res: Response;
  try {
    res = await fetch(href, { credentials: "same-origin" });
  } catch {
    return { ok: false, message: "downloadFailed" };
  }
  const type = res.headers.get("Content-Type") ?? "";
  if (type.includes("json")) {
    const body = (await res.json().catch(() => null)) as { message?: string; msg?: string } | null;
    const serverMessage = body?.message ?? body?.msg;
    return serverMessage ? { ok: false, message: null, serverMessage } : { ok: false, message: "downloadFailed" };
  }
  // a page instead of a file: a sign-in page after the session ended, or an error page
  if (!res.ok || type.includes("text/html")) return { ok: false, message: "downloadFailed" };
  const total = Number(res.headers.get("Content-Length")) || 0;
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = res.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress(percentOf(received, total));
    }
  }
  const blob = reader ? new Blob(chunks as BlobPart[], { type }) : await res.blob();
  if (blob.size === 0) return { ok: false, message: "downloadEmpty" };
  return { ok: true, blob, name: fileNameFrom(res.headers.get("Content-Disposition"), href.split("?")[0]!.split("/").pop() || "download") };
}


/**
 * A download (an Excel export) that is a plain link without JavaScript. With it, the file is fetched in the
 * page: the link shows a spinner and 导出中… with the percentage while it comes, refuses a second click, then
 * saves the file and says 导出完成 — or the failure (spec §8) — in a toast.
 */
export function DownloadLink({ href, children, busyText, doneText, className, ...rest }: { href: string; children: ReactNode; busyText: (percent: number | null) => string; doneText: string; className: string; "data-testid"?: string }) {
  const { t } = useTranslation("resource");
  const toast = useToast();
  const [busy, setBusy] = useState<{ percent: number | null } | null>(null);

  async function start(e: React.MouseEvent<HTMLAnchorElement>) {
    // a modified click (new tab, save as) stays the browser's
    if (isModifiedClick(e)) return;
    e.preventDefault();
    if (busy) return;
    setBusy({ percent: null });
    try {
      const result = await fetchDownload(href, (percent) => setBusy({ percent }));
      if (result.ok) {
        saveFile(result.blob, result.name);
        toast.success(doneText);
      } else toast.failure(result.serverMessage ?? (result.message ? t(result.message) : null));
    } finally {
      setBusy(null);
    }
  }

  return (
    <a
      href={href}
      download
      onClick={start}
      aria-disabled={busy ? true : undefined}
      aria-busy={busy ? true : undefined}
      className={`${className} ${busy ? "pointer-events-none opacity-70" : ""}`}
      {...rest}
    >
      {busy ? (
        <>
          <Spinner />
          <span role="status">{busyText(busy.percent)}</span>
        </>
      ) : (
        children
      )}
    </a>
  );
}

/** A small turning ring for work in progress (hidden from screen readers: the text beside it says it). */
export function Spinner() {
  return (
    <svg aria-hidden viewBox="0 0 16 16" className="mr-1.5 h-4 w-4 animate-spin" fill="none">
      <circle cx="8" cy="8" r="6" stroke="currentColor" strokeOpacity="0.25" strokeWidth="2" />
      <path d="M14 8a6 6 0 0 0-6-6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
