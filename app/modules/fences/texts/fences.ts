// The "fences" text namespace, loaded with the screens that use it (see app/i18n/screen-texts.ts).
import en from "./fences.en-US";
import { screenTexts } from "~/i18n/screen-texts";
import zh from "./fences.zh-CN";

export const FENCES = screenTexts("fences", zh, en);

declare module "~/i18n/domain-texts" {
  interface DomainTexts {
    fences: typeof zh;
  }
}
