import { dayOf, DEFAULT_TIME_ZONE, stampInZone } from "~/lib/tenant-clock";
import { imageCell, labelOf, type ColumnDef, type Label } from "./types";

/** A cell's text by column type, the same in the table and in an export: dates in the tenant's zone, statuses by their label. */
export function formatCell(col: ColumnDef, value: unknown, lang: string, timeZone: string = DEFAULT_TIME_ZONE): { text: string; tone?: string } {
  if (value === null || value === undefined || value === "") return { text: col.empty ? labelOf(col.empty, lang) : "—" };
  switch (col.type) {
    case "status": {
      const o = col.options?.find((x) => x.value === String(value));
      // several choices of a multi-choice field (stored comma-separated, e.g. what a supplier supplies): each by its label
      if (!o && Array.isArray(value)) return { text: value.map((v) => labelOf(col.options?.find((x) => x.value === String(v))?.label ?? { zh: String(v), en: String(v) }, lang)).join(lang.startsWith("zh") ? "、" : ", ") };
      return { text: o ? labelOf(o.label, lang) : String(value), tone: o?.tone };
    }
    case "label":
      return { text: typeof value === "object" ? labelOf(value as Label, lang) : String(value) };
    case "date":
      return { text: dayOf(Number(value), timeZone) };
    case "datetime":
      return { text: stampInZone(Number(value), timeZone, false) };
    case "duration":
      return { text: formatDuration(Number(value), lang) };
    case "images":
      // an export writes the download addresses; the table shows thumbnails
      return { text: imageCell(value).urls.join(", ") };
    default:
      return { text: String(value) };
  }
}

/** A stay or run time in milliseconds as seconds under a minute, else minutes and seconds: 42秒 / 3分5秒, 42 s / 3 min 5 s. */
export function formatDuration(ms: number, lang: string): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const [m, s] = [Math.floor(total / 60), total % 60];
  const zh = lang.startsWith("zh");
  if (m === 0) return zh ? `${s}秒` : `${s} s`;
  if (s === 0) return zh ? `${m}分钟` : `${m} min`;
  return zh ? `${m}分${s}秒` : `${m} min ${s} s`;
}
