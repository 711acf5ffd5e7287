// The "visits" text namespace, loaded with the 客户回访 and 客户调研 screens' chunks (see app/i18n/screen-texts.ts).
import en from "./visits.en-US";
import { screenTexts } from "~/i18n/screen-texts";
import zh from "./visits.zh-CN";

export const VISITS = screenTexts("visits", zh, en);

declare module "~/i18n/domain-texts" {
  interface DomainTexts {
    visits: typeof zh;
  }
}
