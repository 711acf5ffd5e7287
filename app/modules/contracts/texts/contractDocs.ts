// The "contractDocs" text namespace (the printed contract's template tab, the contract side registers), loaded with their chunks.
import en from "./contractDocs.en-US";
import { screenTexts } from "~/i18n/screen-texts";
import zh from "./contractDocs.zh-CN";

export const CONTRACT_DOCS = screenTexts("contractDocs", zh, en);

declare module "~/i18n/domain-texts" {
  interface DomainTexts {
    contractDocs: typeof zh;
  }
}
