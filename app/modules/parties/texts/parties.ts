// The "parties" text namespace, loaded with the customer, supplier and lead screens' chunks (see app/i18n/screen-texts.ts).
import en from "./parties.en-US";
import { screenTexts } from "~/i18n/screen-texts";
import zh from "./parties.zh-CN";

export const PARTIES = screenTexts("parties", zh, en);

declare module "~/i18n/domain-texts" {
  interface DomainTexts {
    parties: typeof zh;
  }
}
