// The "tempCrane" text namespace, loaded with the 临时吊车 screen's chunk (see app/i18n/screen-texts.ts).
import en from "./tempCrane.en-US";
import { screenTexts } from "~/i18n/screen-texts";
import zh from "./tempCrane.zh-CN";

export const TEMP_CRANE = screenTexts("tempCrane", zh, en);

declare module "~/i18n/domain-texts" {
  interface DomainTexts {
    tempCrane: typeof zh;
  }
}
