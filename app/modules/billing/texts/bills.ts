// The "bills" text namespace, loaded with the bill screens' chunks (合同账单报表, a bill; see app/i18n/screen-texts.ts).
import en from "./bills.en-US";
import { screenTexts } from "~/i18n/screen-texts";
import zh from "./bills.zh-CN";

export const BILLS = screenTexts("bills", zh, en);

declare module "~/i18n/domain-texts" {
  interface DomainTexts {
    bills: typeof zh;
  }
}
