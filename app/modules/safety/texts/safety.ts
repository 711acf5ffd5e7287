// The "safety" text namespace, loaded with the safety screens' chunks (see app/i18n/screen-texts.ts).
import en from "./safety.en-US";
import { screenTexts } from "~/i18n/screen-texts";
import zh from "./safety.zh-CN";

export const SAFETY = screenTexts("safety", zh, en);

declare module "~/i18n/domain-texts" {
  interface DomainTexts {
    safety: typeof zh;
  }
}
