// The "certificates" text namespace, loaded with 证书管理's chunks (see app/i18n/screen-texts.ts).
import en from "./certificates.en-US";
import { screenTexts } from "~/i18n/screen-texts";
import zh from "./certificates.zh-CN";

export const CERTIFICATES = screenTexts("certificates", zh, en);

declare module "~/i18n/domain-texts" {
  interface DomainTexts {
    certificates: typeof zh;
  }
}
