// The "repairs" text namespace, loaded with 设备维修's chunks (see app/i18n/screen-texts.ts).
import en from "./repairs.en-US";
import { screenTexts } from "~/i18n/screen-texts";
import zh from "./repairs.zh-CN";

export const REPAIRS = screenTexts("repairs", zh, en);

declare module "~/i18n/domain-texts" {
  interface DomainTexts {
    repairs: typeof zh;
  }
}
