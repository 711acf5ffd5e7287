/**
 * What the hub reads from the business database: the tenant's vehicles, its telematics settings and time zone, and
 * the fences and lines each vehicle is judged by. Loaded when marked stale (a vehicle, a setting, a fence or a data
 * scope changed: FleetHub.configChanged), and when a vehicle unknown to the hub reports.
 */
import { and, eq } from "drizzle-orm";
import { DEFAULT_TIME_ZONE } from "../../app/lib/tenant-clock";
import type { Db } from "../../db/client";
import { fences, fenceVehicles, lineVehicles, routeLines, tenants, tenantSettings, vehicles } from "../../db/schema";
import { ofTenant } from "../../db/tenant";
import type { VehicleConfig } from "./live";
import { bindRules, DEFAULT_RULE_SETTINGS, NO_RULES, ruleSettingsOf, type RuleSettings, type VehicleRules } from "./rules";
import { ENABLED } from "../../db/states";

/**
 * Per-tenant telematics settings (tenant_settings key "telematics"); defaults when unset. The alarm rules'
 * thresholds (RuleSettings, documented in workers/fleet-hub/rules.ts and docs/alarm-rules.md) live in the same object.
 */
export interface HubSettings extends RuleSettings {
  /** no report for this long → offline on the map */
  offlineAfterMinutes: number;
  /** hours of history kept in the hub's SQLite before moving to R2 (at least 48) */
  hotHours: number;
  /** days of history kept at all */
  retentionDays: number;
}
export const DEFAULT_HUB_SETTINGS: HubSettings = { offlineAfterMinutes: 5, hotHours: 48, retentionDays: 180, ...DEFAULT_RULE_SETTINGS };

const MINUTE = 60_000;
/** an unknown vehicle makes the hub reload the archive at most this often */
const CONFIG_RELOAD_MS = 5000;

/** The settings a stored "telematics" value gives: defaults for unset keys, the rules' checks, 48 hot hours at least. */
export function hubSettingsOf(stored: Partial<HubSettings>): HubSettings {
  const settings = { ...DEFAULT_HUB_SETTINGS, ...stored, ...ruleSettingsOf(stored as Record<string, unknown>) };
  settings.hotHours = Math.max(48, settings.hotHours);
  return settings;
}

/** The tenant's configuration as the hub last loaded it. */
export class HubConfig {
  settings: HubSettings = DEFAULT_HUB_SETTINGS;
  /** the tenant's time zone: days of the roll-ups and fence periods */
  timeZone = DEFAULT_TIME_ZONE;
  vehicles = new Map<number, VehicleConfig>();
  /** load before the next use */
  stale = true;
  /** fences and lines of each vehicle with bindings of its own; `rulesForAll` (the unbound ones) for the rest */
  private rulesByVehicle = new Map<number, VehicleRules>();
  private rulesForAll: VehicleRules = NO_RULES;
  /** when an unknown vehicle last made the hub look for it in the business database */
  private readonly unknownCheckedAt = new Map<number, number>();

  /** No report for this long → offline on the map. */
  get offlineAfterMs(): number {
    return this.settings.offlineAfterMinutes * MINUTE;
  }

  /** The fences and lines this vehicle is judged by. */
  rulesOf(vehicleId: number): VehicleRules {
    return this.rulesByVehicle.get(vehicleId) ?? this.rulesForAll;
  }

  /**
   * A vehicle registered by a path that did not tell the hub (a script, another Worker version): marks the
   * configuration stale when it is unknown, once per unknown vehicle every few seconds (a deleted vehicle's token
   * cannot make the hub reload on every post). Returns whether it did.
   */
  lookAgainFor(vehicleId: number): boolean {
    if (this.vehicles.has(vehicleId) || Date.now() - (this.unknownCheckedAt.get(vehicleId) ?? 0) <= CONFIG_RELOAD_MS) return false;
    this.unknownCheckedAt.set(vehicleId, Date.now());
    this.stale = true;
    return true;
  }

  /** Reads vehicles, settings, time zone, fences and lines; returns the tenant's vehicles. */
  async load(db: Db, tenantId: number): Promise<VehicleConfig[]> {
    const [rows, setting, tenantRows, fenceRows, fenceBindings, lineRows, lineBindings] = await Promise.all([
      db
        .select({ id: vehicles.id, plate: vehicles.plate, orgId: vehicles.orgId, modelId: vehicles.modelId, terminalNo: vehicles.terminalNo, selfNo: vehicles.selfNo, state: vehicles.state })
        .from(vehicles)
        .where(ofTenant(vehicles, tenantId)),
      db.select({ value: tenantSettings.value }).from(tenantSettings).where(and(ofTenant(tenantSettings, tenantId), eq(tenantSettings.key, "telematics"))),
      db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, tenantId)),
      db
        .select({
          id: fences.id,
          version: fences.version,
          name: fences.name,
          shape: fences.shape,
          coordinates: fences.coordinates,
          radius: fences.radius,
          alarmIn: fences.alarmIn,
          alarmOut: fences.alarmOut,
          speedLimit: fences.speedLimit,
          period1Start: fences.period1Start,
          period1End: fences.period1End,
          period2Start: fences.period2Start,
          period2End: fences.period2End,
          dwellSeconds: fences.dwellSeconds,
          level: fences.level,
        })
        .from(fences)
        .where(and(ofTenant(fences, tenantId), eq(fences.state, ENABLED))),
      db.select({ ref: fenceVehicles.fenceId, vid: fenceVehicles.vehicleId }).from(fenceVehicles).where(ofTenant(fenceVehicles, tenantId)),
      db
        .select({ id: routeLines.id, version: routeLines.version, name: routeLines.name, path: routeLines.path, bufferMeters: routeLines.bufferMeters, offRouteAlarm: routeLines.offRouteAlarm, dwellSeconds: routeLines.dwellSeconds, level: routeLines.level })
        .from(routeLines)
        .where(and(ofTenant(routeLines, tenantId), eq(routeLines.state, ENABLED))),
      db.select({ ref: lineVehicles.lineId, vid: lineVehicles.vehicleId }).from(lineVehicles).where(ofTenant(lineVehicles, tenantId)),
    ]);
    this.settings = hubSettingsOf((setting[0]?.value ?? {}) as Partial<HubSettings>);
    this.timeZone = tenantRows[0]?.timeZone || DEFAULT_TIME_ZONE;
    const bound = bindRules(fenceRows, fenceBindings, lineRows, lineBindings);
    this.rulesByVehicle = bound.byVehicle;
    this.rulesForAll = bound.all;
    this.vehicles = new Map(rows.map((r) => [r.id, r]));
    this.stale = false;
    return rows;
  }
}
