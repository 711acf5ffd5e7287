// The "telematics" text namespace, loaded with the screens that use it (see app/i18n/screen-texts.ts).
import en from "./telematics.en-US";
import { screenTexts } from "~/i18n/screen-texts";
import zh from "./telematics.zh-CN";

export const TELEMATICS = screenTexts("telematics", zh, en);

declare module "~/i18n/domain-texts" {
  interface DomainTexts {
    telematics: typeof zh;
  }
}
