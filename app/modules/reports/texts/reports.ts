// The "reports" text namespace, loaded with the report pages' chunks (see app/i18n/screen-texts.ts).
import en from "./reports.en-US";
import { screenTexts } from "~/i18n/screen-texts";
import zh from "./reports.zh-CN";

export const REPORTS = screenTexts("reports", zh, en);

declare module "~/i18n/domain-texts" {
  interface DomainTexts {
    reports: typeof zh;
  }
}
