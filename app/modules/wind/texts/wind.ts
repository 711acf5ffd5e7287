// The "wind" text namespace, loaded with 风电管理's and the wind screens' chunks (see app/i18n/screen-texts.ts).
import en from "./wind.en-US";
import { screenTexts } from "~/i18n/screen-texts";
import zh from "./wind.zh-CN";

export const WIND = screenTexts("wind", zh, en);

declare module "~/i18n/domain-texts" {
  interface DomainTexts {
    wind: typeof zh;
  }
}
