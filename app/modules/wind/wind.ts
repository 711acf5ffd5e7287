/**
 * The wind screens' shared declarations (client-safe): what wind-wall.server.ts sends to /windScreen and
 * /windScreenOwner, and how a crane's live wind reading is judged against its limit.
 */
import { TURBINE_DONE } from "./wind-project.resource";

export interface WindCrane {
  vehicleId: number;
  plate: string;
  selfNo: string | null;
  model: string | null;
  role: string | null;
  /** the wind it may lift in, m/s: its own, else the project's, else the alarm rules' wind threshold */
  limitMs: number;
}

export interface WindPosition {
  positionNo: string;
  /** TURBINE_STAGES' rank */
  stage: number;
  hubHeight: number | null;
  doneOn: string | null;
}

export interface WindStop {
  project: string;
  stopOn: string;
  fromTime: string;
  toTime: string | null;
  reason: string;
  windSpeed: number | null;
  /** hours, one decimal; 0 while it lasts */
  hours: number;
}

export interface WindProjectFigures {
  id: number;
  number: string;
  name: string;
  owner: string | null;
  site: string;
  turbineModel: string | null;
  capacityMw: number | null;
  startOn: string;
  plannedEndOn: string | null;
  ended: boolean;
  cranes: WindCrane[];
  positions: WindPosition[];
  /** hours stopped this month, and over the whole project, with the number of stops */
  stopHoursMonth: number;
  stopHoursTotal: number;
  stopCount: number;
  /** a stop of today without an end: the site is stopped now */
  stoppedNow: WindStop | null;
}

export interface WindFigures {
  asOf: number;
  timeZone: string;
  today: string;
  projects: WindProjectFigures[];
  /** the latest stops of the last 7 days across the projects shown, newest first */
  stops: WindStop[];
  /** the last 24 hours' wind alarms of their cranes */
  winds24h: number;
  windLimitMs: number;
}

/** A project's progress: the stages reached over all the stages its positions have (0–100, whole). */
export function progressOf(positions: readonly { stage: number }[]): number {
  if (!positions.length) return 0;
  return Math.round((positions.reduce((s, p) => s + p.stage, 0) / (positions.length * TURBINE_DONE)) * 100);
}

export type WindVerdict = "ok" | "near" | "over" | "none";

/** A crane's live wind against its limit: over at or above it (stop lifting), near from 90 % of it, none without a reading. */
export function windVerdict(wind: number | null | undefined, limitMs: number): WindVerdict {
  if (wind === null || wind === undefined) return "none";
  if (wind >= limitMs) return "over";
  return wind >= limitMs * 0.9 ? "near" : "ok";
}

/** The stages' short names, under a chart's bars (TURBINE_STAGES' order). */
export const STAGE_SHORT = { zh: ["未开始", "基础", "塔筒", "机舱", "叶轮", "完成"], en: ["None", "Base", "Tower", "Nacelle", "Rotor", "Done"] };
