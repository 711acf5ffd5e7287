/**
 * Upload rules of spec §5 and §9, shared by the upload widget (checks before sending) and the upload API
 * (the same checks again, plus the file's first bytes). A refusal is a message key of the `files`
 * namespace (`files:rules.<key>`) with its parameters, so either language can render it.
 */

export type UploadKind = "image" | "pdf" | "general";

export interface UploadRules {
  kind: UploadKind;
  /** largest size in MB; 0 or less means no size check (spec §5) */
  fileSize: number;
  /** most files in one upload list */
  limit: number;
}

export type RuleMessageKey = "imageType" | "pdfType" | "tooLarge" | "overCount" | "sameName" | "empty" | "countReached";

export interface RuleMessage {
  key: RuleMessageKey;
  params?: Record<string, string | number>;
}

/** Spec §9 upload defaults: images 2 MB and 4 files, general files 100 MB and 20 files. */
export const UPLOAD_DEFAULTS: Record<UploadKind, { fileSize: number; limit: number }> = {
  image: { fileSize: 2, limit: 4 },
  pdf: { fileSize: 2, limit: 4 },
  general: { fileSize: 100, limit: 20 },
};

/** The server never accepts more than this, whatever fileSize says (a Worker request body tops out at 100 MB). */
export const SERVER_MAX_BYTES = 100 * 1024 * 1024;

const IMAGE_EXTENSIONS = ["jpeg", "jpg", "png"] as const;

/** The `accept` attribute of the file input for a kind. */
export function acceptOf(kind: UploadKind): string | undefined {
  if (kind === "image") return ".jpeg,.jpg,.png,image/jpeg,image/png";
  if (kind === "pdf") return ".pdf,application/pdf";
  return undefined;
}

function numberOr(value: unknown, fallback: number): number {
  if (value === null || value === undefined || value === "") return fallback;
  const n = Number(value);
  return Number.isFinite(n) ? n : fallback;
}

/** Rules from loose input (query or form values, widget props); unknown kinds fall back to general. */
export function resolveRules(input: { kind?: unknown; fileSize?: unknown; limit?: unknown } = {}): UploadRules {
  const kind: UploadKind = input.kind === "image" || input.kind === "pdf" ? input.kind : "general";
  const defaults = UPLOAD_DEFAULTS[kind];
  const limit = Math.floor(numberOr(input.limit, defaults.limit));
  return { kind, fileSize: numberOr(input.fileSize, defaults.fileSize), limit: limit > 0 ? limit : defaults.limit };
}

/** Lower-case extension without the dot, "" when there is none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : "";
}

/**
 * Checks one file by its name and size, in the order a user reads them: type, empty, size, same name.
 * `existingNames` are the names already in the list (only general uploads refuse a repeated name).
 */
export function checkFile(file: { name: string; size: number }, rules: UploadRules, existingNames: readonly string[] = []): RuleMessage | null {
  const ext = extensionOf(file.name);
  if (rules.kind === "image" && !(IMAGE_EXTENSIONS as readonly string[]).includes(ext)) return { key: "imageType" };
  if (rules.kind === "pdf" && ext !== "pdf") return { key: "pdfType" };
  if (file.size <= 0) return { key: "empty" };
  if (rules.fileSize > 0 && file.size > rules.fileSize * 1024 * 1024) return { key: "tooLarge", params: { size: rules.fileSize } };
  if (rules.kind === "general" && existingNames.includes(file.name)) return { key: "sameName", params: { name: file.name } };
  return null;
}

/** Refuses a selection that would take the list past its limit (spec: 超出限制数量N个). */
export function checkCount(current: number, adding: number, rules: UploadRules): RuleMessage | null {
  return current + adding > rules.limit ? { key: "overCount", params: { limit: rules.limit } } : null;
}

export type SniffedType = "image/png" | "image/jpeg" | "image/gif" | "image/webp" | "application/pdf";

const startsWith = (bytes: Uint8Array, sig: readonly number[], at = 0) => bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);

/** The type the first bytes prove, or null. Only these types are ever shown inline. */
export function sniffType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return "image/gif";
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  // %PDF- may follow a little junk; readers accept it within the first 1024 bytes
  const pdf = [0x25, 0x50, 0x44, 0x46, 0x2d];
  for (let at = 0; at < Math.min(bytes.length, 1024); at++) if (startsWith(bytes, pdf, at)) return "application/pdf";
  return null;
}

/**
 * Server-side content check: an image or PDF upload must be what its extension says (a renamed file is
 * refused with the same message as a wrong extension).
 */
export function checkContent(name: string, bytes: Uint8Array, rules: UploadRules): RuleMessage | null {
  const sniffed = sniffType(bytes);
  if (rules.kind === "image") {
    const ext = extensionOf(name);
    const want = ext === "png" ? "image/png" : "image/jpeg";
    if (sniffed !== want) return { key: "imageType" };
  }
  if (rules.kind === "pdf" && sniffed !== "application/pdf") return { key: "pdfType" };
  return null;
}

const EXTENSION_TYPES: Record<string, string> = {
  txt: "text/plain; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  zip: "application/zip",
  rar: "application/vnd.rar",
  "7z": "application/x-7z-compressed",
  mp4: "video/mp4",
  dwg: "image/vnd.dwg",
};

const SNIFFED_EXTENSIONS: Record<SniffedType, readonly string[]> = {
  "image/png": ["png"],
  "image/jpeg": ["jpg", "jpeg"],
  "image/gif": ["gif"],
  "image/webp": ["webp"],
  "application/pdf": ["pdf"],
};

/**
 * The stored Content-Type: an image or PDF type only when both the extension and the bytes agree,
 * a known document type by extension, else application/octet-stream. The browser's claimed type is never used.
 */
export function contentTypeOf(name: string, bytes: Uint8Array): string {
  const ext = extensionOf(name);
  const sniffed = sniffType(bytes);
  if (sniffed && SNIFFED_EXTENSIONS[sniffed].includes(ext)) return sniffed;
  return EXTENSION_TYPES[ext] ?? "application/octet-stream";
}

/** Images and PDFs open in the browser; everything else downloads. */
export function isInlineType(contentType: string): boolean {
  return (Object.keys(SNIFFED_EXTENSIONS) as string[]).includes(contentType);
}

/** Whether a file name or type is previewed as a PDF (spec: marker filetype=pdf). */
export function isPdfName(name: string): boolean {
  return extensionOf(name) === "pdf";
}

/** Whether a file name is previewed as an image. */
export function isImageName(name: string): boolean {
  return ["png", "jpg", "jpeg", "gif", "webp"].includes(extensionOf(name));
}

/** Download and preview address of an uploaded file by its key (spec §7's `?id=`; never the file's sequential id). */
export function downloadUrlOf(key: string): string {
  return `/api/common/commonfile/downloadFile?id=${encodeURIComponent(key)}`;
}
