// The "dispatch" text namespace, loaded with the Dispatch screens' chunks (see app/i18n/screen-texts.ts).
import en from "./dispatch.en-US";
import { screenTexts } from "~/i18n/screen-texts";
import zh from "./dispatch.zh-CN";

export const DISPATCH = screenTexts("dispatch", zh, en);

declare module "~/i18n/domain-texts" {
  interface DomainTexts {
    dispatch: typeof zh;
  }
}
