// The "contractFlow" text namespace (a contract's transitions), loaded with the contract list's and document's chunks.
import en from "./contractFlow.en-US";
import { screenTexts } from "~/i18n/screen-texts";
import zh from "./contractFlow.zh-CN";

export const CONTRACT_FLOW = screenTexts("contractFlow", zh, en);

declare module "~/i18n/domain-texts" {
  interface DomainTexts {
    contractFlow: typeof zh;
  }
}
