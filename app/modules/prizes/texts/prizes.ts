// The "prizes" text namespace, loaded with the 提名奖励 screen's chunk (see app/i18n/screen-texts.ts).
import en from "./prizes.en-US";
import { screenTexts } from "~/i18n/screen-texts";
import zh from "./prizes.zh-CN";

export const PRIZES = screenTexts("prizes", zh, en);

declare module "~/i18n/domain-texts" {
  interface DomainTexts {
    prizes: typeof zh;
  }
}
