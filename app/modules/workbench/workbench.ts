/** The workbench's shapes (client-safe): what the loader reads and what the page's socket asks the hub for. */
import type { ClientMessage } from "../../../workers/fleet-hub/protocol";

/** The parts the user's screens grant (workbench.server.ts partsOf). */
export interface WorkbenchParts {
  /** the live fleet: the monitoring screen */
  fleet: boolean;
  /** today's alarms: the alarm list */
  alarms: boolean;
  /** alarms to handle: the alarm list and its handling permission */
  handle: boolean;
  /** urges due on the overdue contracts the user is responsible for: 逾期合同 */
  urges: boolean;
  /** the customers' disputes on the statements the user made or sells: answering them (合同账单报表's edit) */
  disputes: boolean;
  /** the machines' mandatory certificates expired or running out within 30 days: 证书管理 */
  certificates: boolean;
  /** the maintenance due soon or overdue of the machines the user sees: 保养计划 */
  maintenance: boolean;
  /** the rectification items past their deadline: 安全整改 */
  reforms: boolean;
  /** the user's own inspection tasks to do: 个人巡检 */
  inspections: boolean;
  /** the machines on rent whose terminal went silent: 状态报表 (its 在线状态 tab) */
  silent: boolean;
}

/** The machines on rent whose terminal said nothing for longer than the tenant's threshold (在租失联). */
export interface SilentDue {
  total: number;
  hours: number;
  machines: { id: number; plate: string; seen: number | null; rent: string; href: string }[];
}

/** A machine's service due soon or overdue (保养计划). */
export interface MaintenanceDue {
  plate: string;
  planName: string;
  overdue: boolean;
  dueOn: string | null;
  href: string;
}

/** A rectification item past its deadline (安全整改). */
export interface ReformDue {
  number: string;
  requirement: string;
  deadline: string;
  href: string;
}

/** An overdue contract whose next urge day has come, in the user's to-do. */
/** A statement the customer disputed, waiting for its clerk's answer. */
export interface DisputeDue {
  number: string;
  contractNumber: string;
  customer: string | null;
  disputes: number;
  href: string;
}

/** A machine's mandatory certificate expired or running out within 30 days. */
export interface CertificateDue {
  plate: string;
  kind: string;
  number: string;
  expiresOn: string;
  href: string;
}

export interface UrgeDue {
  number: string;
  name: string;
  nextOn: string;
  href: string;
}

export interface AlarmSummary {
  /** the tenant's today, yyyy-MM-dd */
  today: string;
  /** today's alarms of level 1, 2 and 3 */
  byLevel: [number, number, number];
  /** the newest five: the kind and the detail written in the user's language */
  newest: { id: number; hubKey: string; vehicleId: number; plate: string; kind: string; kindText: string; level: number; at: number; detailText: string | null; handleState: number }[];
}

export interface Shortcut {
  privisId: string;
  name: string;
  nameEn: string;
  path: string;
  /** opened in the last 30 days (else it fills the row in menu order) */
  used: boolean;
}

/**
 * The watch of the workbench's socket: the fleet counters (no vehicle state: a few bytes whatever the fleet's size)
 * and new alarms, each only when the user's screens grant it; null when they grant neither (no socket).
 */
export function workbenchWatch(parts: Pick<WorkbenchParts, "fleet" | "alarms">, since: number | null): ClientMessage | null {
  if (!parts.fleet && !parts.alarms) return null;
  return { type: "watch", ...(parts.fleet ? { counts: true } : {}), ...(parts.alarms ? { alarms: true } : {}), hz: 1, ...(since !== null ? { since } : {}) };
}
