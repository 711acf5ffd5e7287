// The "contracts" text namespace, loaded with the contract screens' chunks (see app/i18n/screen-texts.ts).
import en from "./contracts.en-US";
import { screenTexts } from "~/i18n/screen-texts";
import zh from "./contracts.zh-CN";

export const CONTRACTS = screenTexts("contracts", zh, en);

declare module "~/i18n/domain-texts" {
  interface DomainTexts {
    contracts: typeof zh;
  }
}
