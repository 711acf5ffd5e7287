// The "monitor" text namespace, loaded with the screens that use it (see app/i18n/screen-texts.ts).
import en from "./monitor.en-US";
import { screenTexts } from "~/i18n/screen-texts";
import zh from "./monitor.zh-CN";

export const MONITOR = screenTexts("monitor", zh, en);

declare module "~/i18n/domain-texts" {
  interface DomainTexts {
    monitor: typeof zh;
  }
}
