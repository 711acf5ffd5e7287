// The "terminals" text namespace, loaded with 锁车管理's chunks (see app/i18n/screen-texts.ts).
import en from "./terminals.en-US";
import { screenTexts } from "~/i18n/screen-texts";
import zh from "./terminals.zh-CN";

export const TERMINALS = screenTexts("terminals", zh, en);

declare module "~/i18n/domain-texts" {
  interface DomainTexts {
    terminals: typeof zh;
  }
}
