// The "rent" text namespace, loaded with the rental screens' chunks (see app/i18n/screen-texts.ts).
import en from "./rent.en-US";
import { screenTexts } from "~/i18n/screen-texts";
import zh from "./rent.zh-CN";

export const RENT = screenTexts("rent", zh, en);

declare module "~/i18n/domain-texts" {
  interface DomainTexts {
    rent: typeof zh;
  }
}
