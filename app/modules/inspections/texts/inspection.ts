// The "inspection" text namespace, loaded with the inspection screens' chunks (see app/i18n/screen-texts.ts).
import en from "./inspection.en-US";
import { screenTexts } from "~/i18n/screen-texts";
import zh from "./inspection.zh-CN";

export const INSPECTION = screenTexts("inspection", zh, en);

declare module "~/i18n/domain-texts" {
  interface DomainTexts {
    inspection: typeof zh;
  }
}
