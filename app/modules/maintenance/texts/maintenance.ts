// The "maintenance" text namespace, loaded with 保养计划's chunks (see app/i18n/screen-texts.ts).
import en from "./maintenance.en-US";
import { screenTexts } from "~/i18n/screen-texts";
import zh from "./maintenance.zh-CN";

export const MAINTENANCE = screenTexts("maintenance", zh, en);

declare module "~/i18n/domain-texts" {
  interface DomainTexts {
    maintenance: typeof zh;
  }
}
