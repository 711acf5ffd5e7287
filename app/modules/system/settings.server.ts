import { z } from "zod";
import { alarmSettings, buildCompanies, depositories } from "../../../db/schema";
import { hasSpecialChars, isLandline, isMobile } from "~/lib/validators";
import { tableResource } from "~/modules/resource/resource.server";
import { alarmSettingView, buildCompanyView, depositoryView } from "./settings.resource";
import { line, note } from "~/lib/form-fields";

const optionalText = (max: number, message: string, kind: typeof line = line) =>
  kind()
    .max(max, message)
    .transform((v) => v || null);
const name = line()
  .min(1, "validation.required")
  .max(30, "validation.name30")
  .refine((v) => !hasSpecialChars(v), "validation.specialChars");
const phone = line()
  .refine((v) => v === "" || isMobile(v) || isLandline(v), "validation.phone")
  .transform((v) => v || null);
const flag = z.enum(["1", "0"], { message: "validation.required" }).transform(Number);

export const alarmSettingResource = tableResource({
  view: alarmSettingView,
  table: alarmSettings,
  columns: { name: alarmSettings.name, level: alarmSettings.level, shown: alarmSettings.shown, handleMode: alarmSettings.handleMode, measure: alarmSettings.measure, createdAt: alarmSettings.createdAt },
  search: [alarmSettings.name],
  equals: { level: { column: alarmSettings.level, parse: Number }, handleMode: { column: alarmSettings.handleMode } },
  sort: { name: alarmSettings.name, level: alarmSettings.level, createdAt: alarmSettings.createdAt },
  schema: z.object({
    name,
    level: z.enum(["1", "2", "3"], { message: "validation.required" }).transform(Number),
    shown: flag,
    handleMode: z.enum(["manual", "auto"], { message: "validation.required" }),
    measure: optionalText(200, "validation.measure", note),
  }),
  unique: [{ field: "name", column: alarmSettings.name, message: "validation.duplicateName" }],
});

export const buildCompanyResource = tableResource({
  view: buildCompanyView,
  table: buildCompanies,
  columns: { name: buildCompanies.name, contact: buildCompanies.contact, phone: buildCompanies.phone, address: buildCompanies.address, remark: buildCompanies.remark, createdAt: buildCompanies.createdAt },
  search: [buildCompanies.name, buildCompanies.contact],
  sort: { name: buildCompanies.name, createdAt: buildCompanies.createdAt },
  schema: z.object({ name, contact: optionalText(10, "validation.contact"), phone, address: optionalText(50, "validation.address"), remark: optionalText(50, "validation.remark", note) }),
  unique: [{ field: "name", column: buildCompanies.name, message: "validation.duplicateName" }],
});

export const depositoryResource = tableResource({
  view: depositoryView,
  table: depositories,
  columns: { name: depositories.name, address: depositories.address, manager: depositories.manager, phone: depositories.phone, state: depositories.state, createdAt: depositories.createdAt },
  search: [depositories.name, depositories.address],
  equals: { state: { column: depositories.state, parse: Number } },
  sort: { name: depositories.name, state: depositories.state, createdAt: depositories.createdAt },
  schema: z.object({ name, address: optionalText(50, "validation.address"), manager: optionalText(10, "validation.contact"), phone, state: flag, remark: optionalText(50, "validation.remark", note) }),
  unique: [{ field: "name", column: depositories.name, message: "validation.duplicateName" }],
});
