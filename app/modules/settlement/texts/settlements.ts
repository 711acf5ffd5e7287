// The "settlements" text namespace, loaded with the settlement screens' chunks (see app/i18n/screen-texts.ts).
import en from "./settlements.en-US";
import { screenTexts } from "~/i18n/screen-texts";
import zh from "./settlements.zh-CN";

export const SETTLEMENTS = screenTexts("settlements", zh, en);

declare module "~/i18n/domain-texts" {
  interface DomainTexts {
    settlements: typeof zh;
  }
}
