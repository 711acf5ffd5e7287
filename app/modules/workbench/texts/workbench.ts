// The "workbench" text namespace, loaded with the workbench's chunk (see app/i18n/screen-texts.ts).
import en from "./workbench.en-US";
import { screenTexts } from "~/i18n/screen-texts";
import zh from "./workbench.zh-CN";

export const WORKBENCH = screenTexts("workbench", zh, en);

declare module "~/i18n/domain-texts" {
  interface DomainTexts {
    workbench: typeof zh;
  }
}
