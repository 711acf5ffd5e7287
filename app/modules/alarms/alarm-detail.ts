/**
 * An alarm's detail (what the hub's rule recorded, workers/fleet-hub/rules.ts) as one sentence a person reads, in
 * the user's language: 超速：101.9 km/h，限速 80 km/h，持续 2 分 10 秒. The one formatter of alarm details: the alarm
 * list (server), its live rows, the monitoring panel's faults and exports use it. Client-safe and small; the J1939
 * names come in as an argument (./j1939.ts on the server, loaded lazily in the browser), without them a fault is
 * shown by its numbers.
 */
import type { Label } from "~/lib/list/types";
import { stampInZone } from "~/lib/tenant-clock";
import type { J1939Names } from "./j1939";

type Detail = Record<string, unknown>;

export interface DetailContext {
  lang: string;
  /** when the alarm was raised: a duration is `at - since` */
  at: number;
  timeZone: string;
  names?: J1939Names | null;
}

/** Terminal alarm flags (JT/T 808 style) by name; another flag is shown as sent. */
export const TERMINAL_FLAGS: Record<string, Label> = {
  sos: { zh: "紧急报警", en: "emergency (SOS)" },
  power_cut: { zh: "主电源断电", en: "main power cut" },
  low_voltage: { zh: "主电源欠压", en: "main power low" },
  tamper: { zh: "终端被拆除", en: "terminal removed (tamper)" },
  gnss_fault: { zh: "GNSS 模块故障", en: "GNSS module fault" },
  gnss_antenna: { zh: "GNSS 天线未接或被剪断", en: "GNSS antenna cut or missing" },
  collision: { zh: "碰撞", en: "collision" },
  rollover: { zh: "侧翻", en: "rollover" },
  door: { zh: "非法开门", en: "door opened" },
  overspeed: { zh: "终端超速", en: "terminal overspeed" },
  fatigue: { zh: "终端疲劳驾驶", en: "terminal fatigue" },
};

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);
/** A meter with its separators and places: 5,230.5 h, 120,345 km */
const grouped = (n: number, places: number) => n.toLocaleString("en-US", { minimumFractionDigits: places, maximumFractionDigits: places });
/** 101.9, 80: at most one decimal, none when whole */
const amount = (n: number) => String(Math.round(n * 10) / 10);

/** A span of time as words: "2 分 10 秒" / "2 min 10 s", "1 小时 5 分" / "1 h 5 min", "3 天 2 小时" / "3 d 2 h". */
export function durationText(ms: number, lang: string): string {
  const zh = lang.startsWith("zh");
  const s = Math.max(0, Math.round(ms / 1000));
  const [d, h, m, sec] = [Math.floor(s / 86_400), Math.floor((s % 86_400) / 3600), Math.floor((s % 3600) / 60), s % 60];
  const unit = (n: number, z: string, e: string) => (zh ? `${n} ${z}` : `${n} ${e}`);
  const parts = d ? [unit(d, "天", "d"), h ? unit(h, "小时", "h") : ""] : h ? [unit(h, "小时", "h"), m ? unit(m, "分", "min") : ""] : m ? [unit(m, "分", "min"), sec ? unit(sec, "秒", "s") : ""] : [unit(sec, "秒", "s")];
  return parts.filter(Boolean).join(" ");
}

/** "SPN 110（发动机冷却液温度）FMI 0（高于正常范围）" / "SPN 110 (engine coolant temperature) FMI 0 (above normal range)" */
export function faultCodeText(spn: number, fmi: number, lang: string, names?: J1939Names | null): string {
  const zh = lang.startsWith("zh");
  const named = (code: string, label: Label | undefined) => (label ? (zh ? `${code}（${label.zh}）` : `${code} (${label.en})`) : code);
  return `${named(`SPN ${spn}`, names?.spn(spn))}${zh ? "，" : " "}${named(`FMI ${fmi}`, names?.fmi(fmi))}`;
}

/** The sentence of one kind's detail, or null when the record lacks what it needs. */
function sentence(kind: string, d: Detail, c: DetailContext): string | null {
  const zh = c.lang.startsWith("zh");
  const since = num(d.since);
  const lasting = since !== null && c.at >= since ? durationText(c.at - since, c.lang) : null;
  const forText = lasting ? (zh ? `，持续 ${lasting}` : `, for ${lasting}`) : "";
  const fence = str(d.fence);
  switch (kind) {
    case "overspeed": {
      const speed = num(d.speed);
      const limit = num(d.limitKmh);
      if (speed === null || limit === null) return null;
      const where = fence ? (zh ? `（围栏 ${fence}）` : ` (fence ${fence})`) : "";
      return zh ? `超速：${amount(speed)} km/h，限速 ${amount(limit)} km/h${forText}${where}` : `Overspeed: ${amount(speed)} km/h, limit ${amount(limit)} km/h${forText}${where}`;
    }
    case "fence_in":
    case "fence_out":
      if (!fence) return null;
      return kind === "fence_in" ? (zh ? `进入围栏：${fence}` : `Entered fence ${fence}`) : zh ? `离开围栏：${fence}` : `Left fence ${fence}`;
    case "off_route": {
      const distance = num(d.distanceM);
      const buffer = num(d.bufferM);
      const line = str(d.line);
      if (distance === null || !line) return null;
      const allowed = buffer === null ? "" : zh ? `（允许 ${Math.round(buffer)} 米）` : ` (allowed ${Math.round(buffer)} m)`;
      return zh ? `偏离路线 ${line}：距路线 ${Math.round(distance)} 米${allowed}` : `Off route ${line}: ${Math.round(distance)} m from the route${allowed}`;
    }
    case "fatigue": {
      const minutes = num(d.drivenMinutes);
      if (minutes === null) return null;
      const span = durationText(minutes * 60_000, c.lang);
      return zh ? `疲劳驾驶：连续驾驶 ${span}` : `Fatigue: driven for ${span} without a break`;
    }
    case "idle": {
      const minutes = num(d.minutes);
      if (minutes === null) return null;
      const span = durationText(minutes * 60_000, c.lang);
      return zh ? `怠速 ${span}` : `Idling for ${span}`;
    }
    case "offline": {
      const minutes = num(d.minutes);
      if (minutes === null) return null;
      const span = durationText(minutes * 60_000, c.lang);
      const seen = since === null ? "" : zh ? `，最后在线 ${stampInZone(since, c.timeZone, false)}` : `, last seen ${stampInZone(since, c.timeZone, false)}`;
      return zh ? `离线 ${span}${seen}` : `Offline for ${span}${seen}`;
    }
    case "fault": {
      const spn = num(d.spn);
      const fmi = num(d.fmi);
      if (spn === null || fmi === null) return null;
      const count = num(d.count);
      const times = count !== null && count > 1 ? (zh ? `，发生 ${count} 次` : `, ${count} occurrences`) : "";
      return `${zh ? "故障 " : "Fault "}${faultCodeText(spn, fmi, c.lang, c.names)}${times}`;
    }
    case "wind": {
      const wind = num(d.wind);
      const limit = num(d.limitMs);
      if (wind === null || limit === null) return null;
      return zh ? `大风：风速 ${amount(wind)} m/s，限值 ${amount(limit)} m/s` : `High wind: ${amount(wind)} m/s, limit ${amount(limit)} m/s`;
    }
    case "overload": {
      const moment = num(d.moment);
      const limit = num(d.limitPercent);
      if (moment === null || limit === null) return null;
      const load = num(d.load);
      const radius = num(d.radius);
      const at = load !== null && radius !== null ? (zh ? `（吊重 ${amount(load)} t，幅度 ${amount(radius)} m）` : ` (${amount(load)} t at ${amount(radius)} m)`) : "";
      return zh ? `超载：力矩 ${amount(moment)}%，限值 ${amount(limit)}%${at}` : `Overload: moment ${amount(moment)}%, limit ${amount(limit)}%${at}`;
    }
    case "maintenanceDue": {
      // raised by the maintenance job (app/modules/maintenance/meters.server.ts): the plan, and the interval that came due
      const plan = str(d.plan);
      if (!plan) return null;
      const hours = [num(d.meterHours), num(d.dueHours)];
      const km = [num(d.meterKm), num(d.dueKm)];
      const dueOn = str(d.dueOn);
      let by = "";
      if (d.dueBy === "hours" && hours[0] !== null && hours[1] !== null) by = zh ? `，发动机 ${grouped(hours[0], 1)} 小时，应于 ${grouped(hours[1], 1)} 小时保养` : `, engine at ${grouped(hours[0], 1)} h, due at ${grouped(hours[1], 1)} h`;
      else if (d.dueBy === "km" && km[0] !== null && km[1] !== null) by = zh ? `，里程 ${grouped(km[0], 0)} 公里，应于 ${grouped(km[1], 0)} 公里保养` : `, ${grouped(km[0], 0)} km, due at ${grouped(km[1], 0)} km`;
      else if (dueOn) by = zh ? `，应于 ${dueOn} 保养` : `, due on ${dueOn}`;
      return zh ? `保养到期：${plan}${by}` : `Maintenance due: ${plan}${by}`;
    }
    case "fuel_drop":
    case "refuel": {
      const from = num(d.from);
      const to = num(d.to);
      if (from === null || to === null) return null;
      const verb = kind === "refuel" ? (zh ? "升至" : "rose") : zh ? "降至" : "fell";
      return zh ? `油量从 ${amount(from)}% ${verb} ${amount(to)}%${forText}` : `Fuel ${verb} from ${amount(from)}% to ${amount(to)}%${forText}`;
    }
    case "terminal": {
      const flag = str(d.flag);
      if (!flag) return null;
      const name = TERMINAL_FLAGS[flag];
      return zh ? `终端报警：${name ? name.zh : flag}` : `Terminal alarm: ${name ? name.en : flag}`;
    }
    default:
      return null;
  }
}

/** The plain values of a record as "key: value" text: a kind or record this formatter does not know yet. */
function rawText(detail: Detail): string | null {
  const parts = Object.entries(detail)
    .filter(([, v]) => v !== null && v !== undefined && typeof v !== "object")
    .map(([k, v]) => `${k}: ${String(v)}`);
  return parts.length ? parts.join(", ") : null;
}

/** An alarm's detail as a sentence in the user's language (null when there is none). */
export function alarmDetailText(kind: string, detail: Detail | null | undefined, context: DetailContext): string | null {
  if (!detail) return null;
  const text = sentence(kind, detail, context) ?? rawText(detail);
  return text === null ? null : text.slice(0, 160);
}

/** A vehicle's active fault codes as one line: "SPN 110 (…) FMI 0 (…) ×2; SPN 100 …". */
export function faultListText(faults: { spn: number; fmi: number; count: number }[], lang: string, names?: J1939Names | null): string {
  return faults.map((f) => `${faultCodeText(f.spn, f.fmi, lang, names)}${f.count > 1 ? ` ×${f.count}` : ""}`).join(lang.startsWith("zh") ? "；" : "; ");
}
