// The "terminalHealth" text namespace, loaded with 状态报表's and 区域设备's chunks (see app/i18n/screen-texts.ts).
import en from "./terminalHealth.en-US";
import { screenTexts } from "~/i18n/screen-texts";
import zh from "./terminalHealth.zh-CN";

export const TERMINAL_HEALTH = screenTexts("terminalHealth", zh, en);

declare module "~/i18n/domain-texts" {
  interface DomainTexts {
    terminalHealth: typeof zh;
  }
}
