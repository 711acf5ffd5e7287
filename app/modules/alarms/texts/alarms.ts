// The "alarms" text namespace, loaded with the screens that use it (see app/i18n/screen-texts.ts).
import en from "./alarms.en-US";
import { screenTexts } from "~/i18n/screen-texts";
import zh from "./alarms.zh-CN";

export const ALARMS = screenTexts("alarms", zh, en);

declare module "~/i18n/domain-texts" {
  interface DomainTexts {
    alarms: typeof zh;
  }
}
