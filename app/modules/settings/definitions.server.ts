import { data } from "@remix-run/cloudflare";
import { z } from "zod";
import { isEmail, isLandline, isMobile } from "~/lib/validators";
import { findFile } from "~/modules/files/files.server";
import { messageProvider } from "~/modules/auth/notify.server";
import type { SettingsActionData, SettingsDefinition } from "./settings.server";
import { DEFAULT_RULE_SETTINGS } from "../../../workers/fleet-hub/rules";
import { hubFor } from "../../../workers/fleet-hub/client";
import { locationFields } from "~/modules/resource/location.server";
import { BASE_MAPS, baseMapOf } from "~/widgets/map/config";
import { GEOCODERS } from "~/modules/geo/geo-config.server";
import type { FieldErrors } from "~/modules/resource/resource.server";
import { alarmRulesView, businessInfoView, MAP_CENTER, mailSetView, mapConfigView, pageConfigView, tenantConfigView } from "./settings.views";
import { line } from "~/lib/form-fields";
import { ENABLED } from "~/modules/workflow/enablement";

const num = (message: string, min: number, max: number) =>
  line()
    .refine((v) => v !== "" && Number.isFinite(Number(v)) && Number(v) >= min && Number(v) <= max, message)
    .transform(Number);
const optionalText = (max: number, message: string) => line().max(max, message);
const whole = (min: number, max: number) => num("validation.range", min, max).refine(Number.isInteger, "validation.range");

export const tenantConfig: SettingsDefinition = {
  view: tenantConfigView,
  defaults: { systemName: "Derrick", loginTitle: "", defaultLanguage: "zh-CN", sessionIdleHours: 12, watermark: "0", dayCount: "thirty" },
  schema: z.object({
    systemName: line().min(1, "validation.required").max(30, "validation.name30"),
    loginTitle: optionalText(30, "validation.name30"),
    defaultLanguage: z.enum(["zh-CN", "en-US"], { message: "validation.required" }),
    sessionIdleHours: num("settingsCheck.hours", 1, 72).refine(Number.isInteger, "settingsCheck.hours"),
    watermark: z.enum(["1", "0"], { message: "validation.required" }),
    // a form saved before the setting existed keeps the trade's 30-day month
    dayCount: z.preprocess((v) => (v === "" || v == null ? "thirty" : v), z.enum(["thirty", "calendar"], { message: "validation.required" })),
  }),
};

const httpsUrl = (v: string) => v === "" || /^https:\/\/\S+$/.test(v);
const tileTemplate = (v: string) => v === "" || (httpsUrl(v) && v.includes("{z}") && v.includes("{x}") && v.includes("{y}"));
const MAP_KEYS = ["basemap", "tiandituKey", "mapboxToken", "styleUrl", "tileUrl", "attribution", "coordinateSystem", "geocoder", "geocoderKey", "geocoderUrl", "geocoderPerMinute"];

/**
 * /mapConfig: a base-map preset (each with its own coordinate system, app/widgets/map/config.ts), its key or token,
 * the custom URLs, the default view, and the place-search provider the Worker calls (app/modules/geo). Forms posted
 * before presets existed (engine, style and tile URL only) still save: the preset is derived from them.
 */
export const mapConfig: SettingsDefinition = {
  view: mapConfigView,
  secret: ["mapboxToken", "geocoderKey"],
  defaults: { basemap: "offline", engine: "maplibre", tiandituKey: "", mapboxToken: "", styleUrl: "", tileUrl: "", attribution: "", coordinateSystem: "wgs84", centerLng: 121.47, centerLat: 31.23, zoom: 10, geocoder: "none", geocoderKey: "", geocoderUrl: "", geocoderPerMinute: 60 },
  schema: z
    .preprocess(
      (raw) => {
        const v = { ...(raw as Record<string, string>) };
        for (const k of MAP_KEYS) v[k] ??= "";
        if (!v.basemap) v.basemap = baseMapOf(v);
        if (!v.geocoder) v.geocoder = "none";
        if (!v.geocoderPerMinute) v.geocoderPerMinute = "60";
        return v;
      },
      z.object({
        basemap: z.enum(BASE_MAPS, { message: "validation.required" }),
        tiandituKey: line().max(100),
        mapboxToken: line().max(200),
        styleUrl: line()
          .refine((v) => v === "" || /^(https:\/\/|mapbox:\/\/)\S+$/.test(v), "settingsCheck.styleUrl"),
        tileUrl: line().refine(tileTemplate, "settingsCheck.tileUrl"),
        attribution: line().max(200),
        coordinateSystem: z.enum(["wgs84", "gcj02"], { message: "validation.required" }),
        ...locationFields(MAP_CENTER),
        zoom: num("settingsCheck.zoom", 3, 18),
        geocoder: z.enum(GEOCODERS, { message: "validation.required" }),
        geocoderKey: line().max(200),
        geocoderUrl: line()
          .refine((v) => v === "" || /^https?:\/\/[^\s?#]+$/.test(v), "settingsCheck.geocoderUrl"),
        geocoderPerMinute: whole(1, 600),
      })
      // mapbox-gl draws nothing without a pk. token (STACK.md)
      .refine((v) => v.basemap !== "mapbox" || v.mapboxToken.startsWith("pk."), { path: ["mapboxToken"], message: "settingsCheck.mapboxToken" })
      .refine((v) => !v.basemap.startsWith("tianditu") || v.tiandituKey !== "", { path: ["tiandituKey"], message: "settingsCheck.tiandituKey" })
      .refine((v) => v.basemap !== "custom" || v.styleUrl !== "" || v.tileUrl !== "", { path: ["tileUrl"], message: "settingsCheck.customBase" })
      .refine((v) => v.geocoder !== "nominatim" || v.geocoderUrl !== "", { path: ["geocoderUrl"], message: "settingsCheck.geocoderUrl" })
      .refine((v) => v.geocoder !== "amap" || v.geocoderKey !== "", { path: ["geocoderKey"], message: "settingsCheck.geocoderKey" })
      .refine((v) => v.geocoder !== "tianditu" || v.geocoderKey !== "" || v.tiandituKey !== "", { path: ["geocoderKey"], message: "settingsCheck.geocoderKey" })
      .refine((v) => v.geocoder !== "mapbox" || v.geocoderKey !== "" || v.mapboxToken !== "", { path: ["geocoderKey"], message: "settingsCheck.geocoderKey" }),
    )
    // older readers (and the picker's config) still look at the engine
    .transform((v) => ({ ...v, engine: v.basemap === "mapbox" ? "mapbox" : "maplibre" })),
};

export const pageConfig: SettingsDefinition = {
  view: pageConfigView,
  defaults: { quickMenus: [], pageSize: "20" },
  schema: z.object({
    quickMenus: z.array(z.string()).max(5, "settingsCheck.quickMenus"),
    pageSize: z.enum(["20", "30", "50", "100"], { message: "validation.required" }),
  }),
  // the screens the tenant has, by path
  options: async (scope, lang) => ({
    quickMenus: scope.access.menuRows.filter((m) => m.routerPath && m.state === ENABLED).map((m) => ({ value: m.routerPath!, label: lang.startsWith("zh") ? m.name : m.nameEn || m.name })),
  }),
};

const recipientsOf = (v: unknown) =>
  String(v ?? "")
    .split(/[,，;\s]+/)
    .map((x) => x.trim())
    .filter(Boolean);

export const mailSet: SettingsDefinition = {
  view: mailSetView,
  defaults: { enabled: "0", senderName: "", senderAddress: "", subjectPrefix: "[Derrick]", recipients: "" },
  schema: z.object({
    enabled: z.enum(["1", "0"], { message: "validation.required" }),
    senderName: optionalText(30, "validation.name30"),
    senderAddress: line().refine(isEmail, "validation.email"),
    subjectPrefix: optionalText(20, "settingsCheck.subjectPrefix"),
    recipients: z
      .string()
      .refine((v) => recipientsOf(v).every(isEmail), "settingsCheck.recipients")
      .refine((v) => recipientsOf(v).length <= 10, "settingsCheck.recipientsMax")
      .transform((v) => recipientsOf(v).join(", ")),
  }),
  intents: {
    /** 发送测试邮件: to the saved recipients through the mail provider (the outbox when none is set). */
    async test(scope, values) {
      const to = recipientsOf(values.recipients);
      if (!to.length) return data<SettingsActionData>({ intent: "test", errors: { recipients: "settingsCheck.recipientsNone" }, values }, { status: 400 });
      const provider = messageProvider(scope.env, scope.db, "email");
      for (const recipient of to) {
        await provider.send({ tenantId: scope.user.tenantId, channel: "email", recipient, subject: `${values.subjectPrefix ?? ""} 测试邮件 / Test e-mail`.trim(), body: `这是一封来自 ${values.senderName || "Derrick"} <${values.senderAddress}> 的测试邮件。\nThis is a test e-mail.` });
      }
      return data<SettingsActionData>({ intent: "test", tested: to.length });
    },
  },
};

export const businessInfo: SettingsDefinition = {
  view: businessInfoView,
  defaults: { companyName: "", shortName: "", contact: "", phone: "", address: "", logoFileId: "" },
  schema: z.object({
    companyName: line().min(1, "validation.required").max(50, "validation.company"),
    shortName: optionalText(20, "settingsCheck.subjectPrefix"),
    contact: optionalText(10, "validation.contact"),
    phone: line()
      .refine((v) => v === "" || isMobile(v) || isLandline(v), "validation.phone"),
    address: optionalText(50, "validation.address"),
    logoFileId: line()
      .refine((v) => v === "" || /^\d{1,15}$/.test(v), "settingsCheck.logo"),
  }),
  // the logo must be an image stored by this tenant
  async check(scope, values): Promise<FieldErrors> {
    if (!values.logoFileId) return {};
    const file = await findFile(scope.db, scope.user.tenantId, Number(values.logoFileId));
    return file && /^image\/(png|jpeg)$/.test(file.contentType) ? {} : { logoFileId: "settingsCheck.logo" };
  },
};

const levelOf = z.enum(["1", "2", "3"], { message: "validation.required" }).transform(Number);
const onOffOf = z.enum(["1", "0"], { message: "validation.required" }).transform((v) => v === "1");

/**
 * The FleetHub's thresholds (tenant setting "telematics"): stored as the numbers and booleans the hub reads
 * (ruleSettingsOf keeps a default for anything else), and the hub reloads them on save.
 */
export const alarmRules: SettingsDefinition = {
  view: alarmRulesView,
  defaults: { offlineAfterMinutes: 5, hotHours: 48, retentionDays: 180, silentOnRentHours: 24, ...DEFAULT_RULE_SETTINGS },
  schema: z
    .object({
      offlineAfterMinutes: whole(1, 1440),
      movingKmh: whole(0, 30),
      overspeedKmh: whole(0, 300),
      overspeedSeconds: whole(0, 3600),
      overspeedLevel: levelOf,
      fatigueHours: whole(0, 24),
      fatigueRestMinutes: whole(1, 600),
      fatigueLevel: levelOf,
      idleMinutes: whole(0, 1440),
      idleLevel: levelOf,
      faultAlarm: onOffOf,
      faultLevel: levelOf,
      fuelDropPercent: whole(0, 100),
      fuelDropMinutes: whole(1, 1440),
      fuelDropLevel: levelOf,
      refuelPercent: whole(0, 100),
      refuelLevel: levelOf,
      offlineAlarmMinutes: whole(0, 10080),
      offlineLevel: levelOf,
      terminalAlarm: onOffOf,
      terminalLevel: levelOf,
      tankLitres: whole(1, 5000),
      overloadPercent: whole(0, 200),
      overloadLevel: levelOf,
      windLimitMs: num("validation.range", 0, 60),
      windLevel: levelOf,
      hotHours: whole(48, 720),
      retentionDays: whole(3, 3650),
      // a machine on rent whose terminal is silent this long goes on the workbench's to-do (docs/terminal-health.md)
      silentOnRentHours: whole(1, 720),
    })
    // an offline alarm before the map even calls the vehicle offline would fire for every short gap
    .refine((v) => v.offlineAlarmMinutes === 0 || v.offlineAlarmMinutes >= v.offlineAfterMinutes, { path: ["offlineAlarmMinutes"], message: "settingsCheck.offlineAlarm" })
    // history leaves the hub for R2 after hotHours; keeping less than that in all would be a contradiction
    .refine((v) => v.retentionDays * 24 >= v.hotHours, { path: ["retentionDays"], message: "settingsCheck.retention" }),
  afterSave: (scope) => hubFor(scope.env, scope.user.tenantId).configChanged(),
};

/** Every settings screen by path. */
export const SETTINGS: Record<string, SettingsDefinition> = Object.fromEntries([tenantConfig, mapConfig, pageConfig, mailSet, businessInfo, alarmRules].map((d) => [d.view.path.toLowerCase(), d]));
