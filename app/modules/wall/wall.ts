/**
 * The big screens' shared declarations (client-safe): what the server sends (wall.server.ts), the spec's buckets
 * (§9: online within 1 minute, same day, within 7 days, over 7 days; vehicle age under 3, 4 to 6, over 6 years; the
 * last 10 days of statistics; §5: at most 4 alarm types charted) and how stale live data may look before it says so.
 */
import type { MapClientConfig } from "~/widgets/map/config";
import type { ModelIcons, MonitorVehicle } from "~/modules/monitor/monitor";

/** spec §9: big-screen statistics cover the last 10 days */
export const TREND_DAYS = 10;
/** spec §5: alarm types charted */
export const ALARM_KINDS_CHARTED = 4;
/** live data older than this shows its 'data as of' time in amber */
export const STALE_AFTER_MS = 60_000;
/** the screen asks the server for its figures again this often (the hub flushes roll-ups every minute) */
export const REFRESH_MS = 60_000;

/** spec §9 vehicle age: under 3, 4 to 6 (read as 3 to 6: a machine of three and a half years is in it), over 6 years. */
export type AgeBucket = "under3" | "from3to6" | "over6" | "unknown";
export const AGE_BUCKETS: AgeBucket[] = ["under3", "from3to6", "over6", "unknown"];

/** A machine's age bucket on `today` from its manufacture date (yyyy-MM-dd or yyyy-MM or yyyy); unknown without one. */
export function ageBucket(made: string | null, today: string): AgeBucket {
  const m = made?.match(/^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?/);
  if (!m) return "unknown";
  const [y, mo, d] = [Number(m[1]), Number(m[2] ?? 1), Number(m[3] ?? 1)];
  const [ty, tmo, td] = today.split("-").map(Number) as [number, number, number];
  // whole years of age, as a birthday counts them
  const years = ty - y - (tmo < mo || (tmo === mo && td < d) ? 1 : 0);
  if (years < 0) return "unknown";
  if (years < 3) return "under3";
  if (years <= 6) return "from3to6";
  return "over6";
}

export interface TrendDay {
  day: string;
  engineHours: number;
  km: number;
  working: number;
}

export interface WallFigures {
  /** the server's time of these figures */
  asOf: number;
  today: string;
  timeZone: string;
  vehicles: MonitorVehicle[];
  ages: Record<AgeBucket, number>;
  todayFigures: { engineHours: number; km: number; working: number };
  /** contracts with a machine of the set on rent today (a contract's revisions count once) */
  sites: number;
  /** the last 24 hours: all, and by kind (at most four, the rest as "other") */
  alarms: { total: number; kinds: { kind: string; count: number }[] };
  trend: TrendDay[];
  mapConfig: MapClientConfig;
  icons: ModelIcons;
}

export interface CustomerMachine {
  vehicleId: number;
  plate: string;
  model: string | null;
  site: string | null;
  contract: string;
  onRentOn: string;
  hoursMonth: number;
  daysMonth: number;
}

export interface CustomerFigures {
  customerId: number;
  name: string;
  month: string;
  machines: CustomerMachine[];
  /** the latest statement sent to the customer (sent, confirmed or disputed) */
  statement: { number: string; periodFrom: string; periodTo: string; amountCents: number; state: number } | null;
  /** what the customer owes on confirmed bills */
  owedCents: number;
}

export interface TowerRow {
  id: number;
  plate: string;
  selfNo: string | null;
  model: string | null;
  /** the site and customer it is on rent to today, or null in the yard */
  site: string | null;
  customer: string | null;
  lifts: number;
  peakMoment: number;
  engineHours: number;
  /** the last 24 hours' overload and wind alarms */
  overloads: number;
  winds: number;
  /** its file's stage now (塔吊档案: TOWER_STAGES' rank) and the height it was last recorded at, m; null without a file */
  stage: number | null;
  height: number | null;
}

export interface TowerFigures {
  asOf: number;
  timeZone: string;
  towers: TowerRow[];
  /** the latest overload and wind alarms of the last 24 hours (moment % or wind m/s) */
  latest: { at: number; kind: "overload" | "wind"; tower: string; value: number }[];
  /** lifts a day, the last 10 days */
  lifts: { day: string; lifts: number }[];
  overloadPercent: number;
  windLimitMs: number;
}

/** A figure as the walls show it: whole numbers with separators; one decimal; — for none. */
export const formatInt = (n: number) => n.toLocaleString("en-US");
export const formatOne = (n: number | null | undefined) => (n === null || n === undefined ? "—" : n.toLocaleString("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 }));
/** Engine seconds as hours to one decimal. */
export const hoursOf = (seconds: number) => Math.round(Number(seconds) / 360) / 10;
/** A day under a trend's bar: the day of the month, with its month on the first bar and on each month's first day (11/25 26 … 12/1 2). */
export const trendDayLabel = (day: string, index: number) => (index === 0 || day.endsWith("-01") ? `${Number(day.slice(5, 7))}/${Number(day.slice(8))}` : String(Number(day.slice(8))));

/** How old the live data looks: fresh, or stale (amber) once older than STALE_AFTER_MS. */
export const isStale = (asOf: number | null, now: number) => asOf === null || now - asOf > STALE_AFTER_MS;
