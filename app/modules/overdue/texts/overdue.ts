// The "overdue" text namespace, loaded with the overdue contract pages' chunks (see app/i18n/screen-texts.ts).
import en from "./overdue.en-US";
import { screenTexts } from "~/i18n/screen-texts";
import zh from "./overdue.zh-CN";

export const OVERDUE = screenTexts("overdue", zh, en);

declare module "~/i18n/domain-texts" {
  interface DomainTexts {
    overdue: typeof zh;
  }
}
