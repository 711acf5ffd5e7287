// The "leads" text namespace, loaded with the 业务列表 screen's chunk (see app/i18n/screen-texts.ts).
import en from "./leads.en-US";
import { screenTexts } from "~/i18n/screen-texts";
import zh from "./leads.zh-CN";

export const LEADS = screenTexts("leads", zh, en);

declare module "~/i18n/domain-texts" {
  interface DomainTexts {
    leads: typeof zh;
  }
}
