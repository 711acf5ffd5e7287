import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, ms, updatedAt, version } from "./columns";
import { users } from "./auth";
import { organisations, tenants } from "./tenant";

/** Spec §3 vehicle model: dimensions, fuel figures, announcement, energy type and the three map icons (file ids). */
export const vehicleModels = sqliteTable(
  "vehicle_models",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    name: text("name").notNull(),
    /** metres */
    length: real("length"),
    width: real("width"),
    height: real("height"),
    /** cubic metres (mixer drum, tank) */
    volume: real("volume"),
    /** high-fuel alarm value, L/100 km */
    fuelAlarm: real("fuel_alarm"),
    /** idle fuel coefficient, L/h */
    idleCoefficient: real("idle_coefficient"),
    announcementNo: text("announcement_no"),
    announcementBatch: text("announcement_batch"),
    energyType: text("energy_type"),
    iconRunning: text("icon_running"),
    iconStopped: text("icon_stopped"),
    iconOffline: text("icon_offline"),
    creatorId: integer("creator_id"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("vehicle_models_tenant_name_uq").on(t.tenantId, t.name), index("vehicle_models_tenant_created_idx").on(t.tenantId, t.createdAt)],
);

/** Spec §3 owner: personal or enterprise, documents, phone, the user authorized to act for them. */
export const vehicleOwners = sqliteTable(
  "vehicle_owners",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    name: text("name").notNull(),
    /** personal | enterprise */
    ownerType: text("owner_type").notNull().default("personal"),
    idNumber: text("id_number"),
    idPhoto: text("id_photo"),
    licencePhoto: text("licence_photo"),
    phone: text("phone"),
    authorizedUserId: integer("authorized_user_id").references(() => users.id),
    creatorId: integer("creator_id"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("vehicle_owners_tenant_name_uq").on(t.tenantId, t.name), index("vehicle_owners_tenant_created_idx").on(t.tenantId, t.createdAt)],
);

/**
 * Spec §3 vehicle, with its terminal. A terminal number (10 letters or digits) and a device identifier (IMEI, for
 * OsmAnd clients) are unique across all tenants and across both columns (triggers of migration 0012), because a
 * report names only the terminal: no identifier can mean two vehicles.
 */
export const vehicles = sqliteTable(
  "vehicles",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    orgId: integer("org_id").references(() => organisations.id),
    /** whole-vehicle code */
    code: text("code"),
    plate: text("plate").notNull(),
    vin: text("vin"),
    terminalNo: text("terminal_no").notNull(),
    /** SHA-256 (hex) of the terminal's secret; the secret itself is shown once when set */
    terminalSecretHash: text("terminal_secret_hash"),
    /** IMEI or another identifier an OsmAnd client sends as id (stored in capitals: identifiers are case-blind) */
    deviceIdent: text("device_ident"),
    /**
     * 1: OsmAnd clients (Traccar Client) may report for this vehicle by its device identifier. OsmAnd carries no
     * secret, so it is off unless the tenant's administrator turns it on, and never for a terminal with a secret.
     */
    osmandEnabled: integer("osmand_enabled").notNull().default(0),
    /** SHA-256 (hex) of the optional per-device key an OsmAnd client must send as `key=` */
    osmandKeyHash: text("osmand_key_hash"),
    /** JT/T 808 terminal phone number (终端手机号): its digits without leading zeros, unique across tenants */
    jt808Phone: text("jt808_phone"),
    /** SHA-256 (hex) of the authentication code the JT808 gateway gave the terminal at registration */
    jt808AuthHash: text("jt808_auth_hash"),
    jt808RegisteredAt: ms("jt808_registered_at"),
    sim1: text("sim1"),
    sim2: text("sim2"),
    modelId: integer("model_id").references(() => vehicleModels.id),
    selfNo: text("self_no"),
    manufactureDate: text("manufacture_date"),
    /** equipment_type dictionary value (1 truck crane … 8 other) */
    vehicleType: text("vehicle_type"),
    chassisType: text("chassis_type"),
    engineModel: text("engine_model"),
    /** 0 unsold, 1 sold */
    saleState: integer("sale_state").notNull().default(0),
    passPermit: text("pass_permit"),
    ownerId: integer("owner_id").references(() => vehicleOwners.id),
    /** 1 terminal installed, 0 uninstalled */
    installed: integer("installed").notNull().default(1),
    installedAt: ms("installed_at"),
    uninstalledAt: ms("uninstalled_at"),
    terminalFactory: text("terminal_factory"),
    hardwareVersion: text("hardware_version"),
    softwareVersion: text("software_version"),
    warrantyEnd: text("warranty_end"),
    videoChannels: integer("video_channels").notNull().default(0),
    assemblies: text("assemblies"),
    /** new | existing */
    deviceType: text("device_type").notNull().default("new"),
    energyType: text("energy_type"),
    /** 1 enabled, 0 stopped: a stopped vehicle's terminal is refused */
    state: integer("state").notNull().default(1),
    creatorId: integer("creator_id"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("vehicles_terminal_no_uq").on(t.terminalNo),
    uniqueIndex("vehicles_device_ident_uq").on(t.deviceIdent),
    uniqueIndex("vehicles_jt808_phone_uq").on(t.jt808Phone),
    uniqueIndex("vehicles_tenant_plate_uq").on(t.tenantId, t.plate),
    uniqueIndex("vehicles_tenant_vin_uq").on(t.tenantId, t.vin),
    index("vehicles_tenant_created_idx").on(t.tenantId, t.createdAt),
    index("vehicles_tenant_org_idx").on(t.tenantId, t.orgId),
  ],
);

/** Spec §3 user "authorized vehicles": a user sees their organisation subtree's vehicles plus these. */
export const userVehicles = sqliteTable(
  "user_vehicles",
  {
    tenantId: integer("tenant_id").notNull(),
    userId: integer("user_id").notNull().references(() => users.id),
    vehicleId: integer("vehicle_id").notNull().references(() => vehicles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.vehicleId] }), index("user_vehicles_vehicle_idx").on(t.vehicleId)],
);

/** Spec §3 driver. */
export const drivers = sqliteTable(
  "drivers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    name: text("name").notNull(),
    phone: text("phone"),
    vehicleId: integer("vehicle_id").references(() => vehicles.id),
    docPhoto: text("doc_photo"),
    idFrontPhoto: text("id_front_photo"),
    creatorId: integer("creator_id"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("drivers_tenant_created_idx").on(t.tenantId, t.createdAt), index("drivers_vehicle_idx").on(t.vehicleId)],
);

/** Spec §3 marker type; editable only by the creating account (§6). */
export const markerTypes = sqliteTable(
  "marker_types",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    name: text("name").notNull(),
    icon: text("icon"),
    creatorId: integer("creator_id"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("marker_types_tenant_name_uq").on(t.tenantId, t.name)],
);

/** Spec §3 marker point; editable only by the creating account (§6). */
export const markerPoints = sqliteTable(
  "marker_points",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    name: text("name").notNull(),
    typeId: integer("type_id").references(() => markerTypes.id),
    address: text("address"),
    lng: real("lng").notNull(),
    lat: real("lat").notNull(),
    contact1: text("contact1"),
    phone1: text("phone1"),
    contact2: text("contact2"),
    phone2: text("phone2"),
    remark: text("remark"),
    creatorId: integer("creator_id"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("marker_points_tenant_created_idx").on(t.tenantId, t.createdAt)],
);

/**
 * Spec §3 fence: a polygon, circle or rectangle (WGS-84) with in/out alarms, up to two daily effective periods
 * ("HH:mm"; none = always), a speed limit inside, and a dwell time that debounces in/out.
 */
export const fences = sqliteTable(
  "fences",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    name: text("name").notNull(),
    /** site | mixing | custom | admin */
    fenceType: text("fence_type").notNull().default("custom"),
    /** polygon | circle | rectangle */
    shape: text("shape").notNull(),
    /** polygon/rectangle: [[lng,lat],…]; circle: [[lng,lat]] centre */
    coordinates: text("coordinates", { mode: "json" }).notNull().$type<[number, number][]>(),
    /** circle radius in metres, at most 10000 */
    radius: real("radius"),
    alarmIn: integer("alarm_in").notNull().default(0),
    alarmOut: integer("alarm_out").notNull().default(0),
    /** km/h inside the fence; null = none */
    speedLimit: real("speed_limit"),
    period1Start: text("period1_start"),
    period1End: text("period1_end"),
    period2Start: text("period2_start"),
    period2End: text("period2_end"),
    /** seconds a vehicle must stay in (or out) before the alarm fires */
    dwellSeconds: integer("dwell_seconds").notNull().default(30),
    level: integer("level").notNull().default(2),
    /** 1 enabled, 0 stopped */
    state: integer("state").notNull().default(1),
    creatorId: integer("creator_id"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("fences_tenant_created_idx").on(t.tenantId, t.createdAt)],
);

export const fenceVehicles = sqliteTable(
  "fence_vehicles",
  {
    tenantId: integer("tenant_id").notNull(),
    fenceId: integer("fence_id").notNull().references(() => fences.id),
    vehicleId: integer("vehicle_id").notNull().references(() => vehicles.id),
  },
  (t) => [primaryKey({ columns: [t.fenceId, t.vehicleId] }), index("fence_vehicles_vehicle_idx").on(t.vehicleId)],
);

/** Spec §3 line: a route from start to end with an off-route alarm (buffer in metres). */
export const routeLines = sqliteTable(
  "route_lines",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    name: text("name").notNull(),
    startName: text("start_name").notNull(),
    endName: text("end_name").notNull(),
    /** [[lng,lat],…] */
    path: text("path", { mode: "json" }).notNull().$type<[number, number][]>(),
    bufferMeters: real("buffer_meters").notNull().default(200),
    offRouteAlarm: integer("off_route_alarm").notNull().default(1),
    dwellSeconds: integer("dwell_seconds").notNull().default(30),
    level: integer("level").notNull().default(2),
    state: integer("state").notNull().default(1),
    creatorId: integer("creator_id"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("route_lines_tenant_created_idx").on(t.tenantId, t.createdAt)],
);

export const lineVehicles = sqliteTable(
  "line_vehicles",
  {
    tenantId: integer("tenant_id").notNull(),
    lineId: integer("line_id").notNull().references(() => routeLines.id),
    vehicleId: integer("vehicle_id").notNull().references(() => vehicles.id),
  },
  (t) => [primaryKey({ columns: [t.lineId, t.vehicleId] }), index("line_vehicles_vehicle_idx").on(t.vehicleId)],
);

/** Commands waiting for (or sent to, or answered by) a terminal: lock, unlock, parameter set, OTA. */
export const terminalCommands = sqliteTable(
  "terminal_commands",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    vehicleId: integer("vehicle_id").notNull().references(() => vehicles.id),
    /** lock | unlock | params | ota */
    kind: text("kind").notNull(),
    payload: text("payload", { mode: "json" }).$type<Record<string, unknown>>(),
    /** pending (待发送) → sent (已发送) → done (已完成) | failed (任务失败); pending past expiresAt → send_failed (发送失败) */
    state: text("state").notNull().default("pending"),
    result: text("result"),
    creatorId: integer("creator_id"),
    createdAt: createdAt(),
    sentAt: ms("sent_at"),
    doneAt: ms("done_at"),
    /** a command not handed over by then becomes send_failed */
    expiresAt: ms("expires_at"),
    /** the platform serial number a JT808 command went out with (the terminal's response names it) */
    serial: integer("serial"),
    /** when the terminal acknowledged receipt (an upgrade is then under way) */
    ackedAt: ms("acked_at"),
  },
  (t) => [
    index("terminal_commands_vehicle_state_idx").on(t.vehicleId, t.state),
    index("terminal_commands_tenant_created_idx").on(t.tenantId, t.createdAt),
    index("terminal_commands_pending_idx").on(t.vehicleId).where(sql`${t.state} = 'pending'`),
    // the command-expiry job's read (migration 0053)
    index("terminal_commands_pending_expiry_idx").on(t.expiresAt).where(sql`${t.state} = 'pending'`),
  ],
);

/**
 * Alarms raised by the FleetHub (written in batches). kind: fence_in, fence_out, off_route, overspeed, fatigue,
 * idle, fault, fuel_drop, refuel, offline, terminal (a terminal's own alarm flag).
 */
export const alarms = sqliteTable(
  "alarms",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    vehicleId: integer("vehicle_id").notNull(),
    /** the hub's own id, so a repeated flush never writes an alarm twice */
    hubKey: text("hub_key").notNull(),
    kind: text("kind").notNull(),
    level: integer("level").notNull().default(2),
    at: ms("at").notNull(),
    lng: real("lng"),
    lat: real("lat"),
    speed: real("speed"),
    /** the fence or line that raised it */
    refId: integer("ref_id"),
    detail: text("detail", { mode: "json" }).$type<Record<string, unknown>>(),
    /** 0 unhandled, 1 handled, 2 misreport */
    handleState: integer("handle_state").notNull().default(0),
    handleNote: text("handle_note"),
    handlerId: integer("handler_id"),
    handledAt: ms("handled_at"),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("alarms_tenant_hub_key_uq").on(t.tenantId, t.hubKey),
    index("alarms_tenant_at_idx").on(t.tenantId, t.at),
    index("alarms_tenant_state_at_idx").on(t.tenantId, t.handleState, t.at),
    index("alarms_vehicle_at_idx").on(t.vehicleId, t.at),
    // a range's alarms of some kinds in time order (油耗报表's fuel events), and each machine's of a kind counted from the index alone (驾驶行为分析): migration 0044
    index("alarms_tenant_kind_at_idx").on(t.tenantId, t.kind, t.at),
    index("alarms_tenant_kind_vehicle_at_idx").on(t.tenantId, t.kind, t.vehicleId, t.at, t.handleState),
  ],
);

/** Online/offline transitions, written by the hub in batches. */
export const vehicleEvents = sqliteTable(
  "vehicle_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: integer("tenant_id").notNull(),
    vehicleId: integer("vehicle_id").notNull(),
    hubKey: text("hub_key").notNull(),
    /** online | offline */
    kind: text("kind").notNull(),
    at: ms("at").notNull(),
  },
  (t) => [uniqueIndex("vehicle_events_tenant_hub_key_uq").on(t.tenantId, t.hubKey), index("vehicle_events_vehicle_at_idx").on(t.vehicleId, t.at)],
);

/** Daily roll-up per vehicle (day in the tenant's time zone), so reports never scan raw positions. */
export const vehicleDaily = sqliteTable(
  "vehicle_daily",
  {
    tenantId: integer("tenant_id").notNull(),
    vehicleId: integer("vehicle_id").notNull(),
    /** yyyy-MM-dd */
    day: text("day").notNull(),
    mileageKm: real("mileage_km").notNull().default(0),
    fuelUsedL: real("fuel_used_l").notNull().default(0),
    engineSeconds: integer("engine_seconds").notNull().default(0),
    /** engine time standing still (ACC on, below the moving speed) */
    idleSeconds: integer("idle_seconds").notNull().default(0),
    /** a tower crane's lifts (the load rising onto the hook) and its peak load moment, % of rated (塔吊工作报表) */
    lifts: integer("lifts").notNull().default(0),
    peakMoment: real("peak_moment").notNull().default(0),
    onlineSeconds: integer("online_seconds").notNull().default(0),
    alarmCount: integer("alarm_count").notNull().default(0),
    points: integer("points").notNull().default(0),
    /** a coarse position sample for heat maps: [[lng,lat,count],…] on a ~1 km grid */
    cells: text("cells", { mode: "json" }).$type<[number, number, number][]>(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vehicleId, t.day] }),
    index("vehicle_daily_tenant_day_idx").on(t.tenantId, t.day),
    index("vehicle_daily_tenant_day_sums_idx").on(t.tenantId, t.day, t.vehicleId, t.engineSeconds, t.idleSeconds, t.mileageKm, t.fuelUsedL),
    index("vehicle_daily_tenant_day_online_idx").on(t.tenantId, t.day, t.vehicleId, t.onlineSeconds),
  ],
);

/**
 * Each machine's month (yyyy-MM) summed from its days, and each organisation's fleet day (the machines in it that day
 * worked, their totals): kept by triggers on vehicle_daily and on a machine's organisation (migration 0040), read by
 * the telematics reports so a year over 10,000 machines is months, not days (app/modules/reports/fleet-reports.server.ts).
 */
export const vehicleMonthly = sqliteTable(
  "vehicle_monthly",
  {
    tenantId: integer("tenant_id").notNull(),
    vehicleId: integer("vehicle_id").notNull(),
    /** yyyy-MM */
    month: text("month").notNull(),
    daysWorked: integer("days_worked").notNull().default(0),
    engineSeconds: integer("engine_seconds").notNull().default(0),
    idleSeconds: integer("idle_seconds").notNull().default(0),
    mileageKm: real("mileage_km").notNull().default(0),
    fuelUsedL: real("fuel_used_l").notNull().default(0),
    /** days with kilometres (里程报表), the online time and the days with online time (在线离线报表): migration 0044 */
    daysMoving: integer("days_moving").notNull().default(0),
    onlineSeconds: integer("online_seconds").notNull().default(0),
    daysOnline: integer("days_online").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.vehicleId, t.month] }),
    index("vehicle_monthly_tenant_month_idx").on(t.tenantId, t.month, t.vehicleId, t.daysWorked, t.engineSeconds, t.idleSeconds, t.mileageKm, t.fuelUsedL),
    index("vehicle_monthly_tenant_month_online_idx").on(t.tenantId, t.month, t.vehicleId, t.daysMoving, t.mileageKm, t.daysOnline, t.onlineSeconds),
  ],
);

export const fleetDaily = sqliteTable(
  "fleet_daily",
  {
    tenantId: integer("tenant_id").notNull(),
    /** the machines' organisation (0: none) */
    orgId: integer("org_id").notNull(),
    day: text("day").notNull(),
    machinesWorking: integer("machines_working").notNull().default(0),
    engineSeconds: integer("engine_seconds").notNull().default(0),
    idleSeconds: integer("idle_seconds").notNull().default(0),
    mileageKm: real("mileage_km").notNull().default(0),
    fuelUsedL: real("fuel_used_l").notNull().default(0),
    /** the machines with kilometres, the machines online and their online time that day (migration 0044) */
    machinesMoving: integer("machines_moving").notNull().default(0),
    machinesOnline: integer("machines_online").notNull().default(0),
    onlineSeconds: integer("online_seconds").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.orgId] })],
);

/**
 * Data permission (spec §6 "data-permission apply and approval exist per equipment"): a user asks to see one vehicle
 * outside their data scope. Approved, enabled and not past its period end, it puts the vehicle in the user's scope
 * (app/modules/telematics/scope.server.ts and workers/fleet-hub/scope.ts).
 */
export const dataPermissions = sqliteTable(
  "data_permissions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    /** the applicant */
    userId: integer("user_id").notNull().references(() => users.id),
    vehicleId: integer("vehicle_id").notNull().references(() => vehicles.id),
    reason: text("reason").notNull(),
    /** the last millisecond the permission counts; null = no end */
    periodEnd: ms("period_end"),
    /** 0 pending, 1 approved, 2 refused */
    state: integer("state").notNull().default(0),
    /** 1 enabled, 0 disabled (an approved permission can be stopped and started again) */
    enabled: integer("enabled").notNull().default(1),
    refuseReason: text("refuse_reason"),
    reviewerId: integer("reviewer_id"),
    reviewedAt: ms("reviewed_at"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("data_permissions_tenant_state_idx").on(t.tenantId, t.state, t.createdAt),
    index("data_permissions_tenant_user_vehicle_idx").on(t.tenantId, t.userId, t.vehicleId),
    index("data_permissions_vehicle_idx").on(t.vehicleId),
    // one pending application per user and vehicle, also under concurrent submits
    uniqueIndex("data_permissions_pending_uq").on(t.userId, t.vehicleId).where(sql`state = 0`),
  ],
);
