import { labelOf, type ColumnDef } from "./types";

const TZ = "Asia/Shanghai";
const dateFormat = new Intl.DateTimeFormat("sv-SE", { timeZone: TZ, dateStyle: "short" });
const dateTimeFormat = new Intl.DateTimeFormat("sv-SE", { timeZone: TZ, dateStyle: "short", timeStyle: "short" });

/** A cell's text by column type, the same in the table and in an export: dates in China time, statuses by their label. */
export function formatCell(col: ColumnDef, value: unknown, lang: string): { text: string; tone?: string } {
  if (value === null || value === undefined || value === "") return { text: col.empty ? labelOf(col.empty, lang) : "—" };
  switch (col.type) {
    case "status": {
      const o = col.options?.find((x) => x.value === String(value));
      return { text: o ? labelOf(o.label, lang) : String(value), tone: o?.tone };
    }
    case "date":
      return { text: dateFormat.format(Number(value)) };
    case "datetime":
      return { text: dateTimeFormat.format(Number(value)) };
    default:
      return { text: String(value) };
  }
}
