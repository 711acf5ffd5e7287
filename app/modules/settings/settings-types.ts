import type { FormFieldDef, Label } from "~/modules/resource/types";

/** A settings screen: one form over one JSON value per tenant (tenant_settings). */
export interface SettingsView {
  key: string;
  path: string;
  permission: string;
  title: Label;
  fields: FormFieldDef[];
  /** extra buttons posting an intent (e.g. 发送测试邮件) */
  actions?: { intent: string; label: Label }[];
}
