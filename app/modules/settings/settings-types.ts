import type { FormFieldDef, Label } from "~/lib/list/types";

/** A settings screen: one form over one JSON value per tenant (tenant_settings). */
export interface SettingsView {
  key: string;
  path: string;
  /** the menu screen that grants access when the form lives below it (e.g. /alarmMgr/rules under /alarmMgr); default: path */
  screen?: string;
  permission: string;
  title: Label;
  fields: FormFieldDef[];
  /** a short explanation under the title */
  intro?: Label;
  /** extra buttons posting an intent (e.g. 发送测试邮件) */
  actions?: { intent: string; label: Label }[];
}
