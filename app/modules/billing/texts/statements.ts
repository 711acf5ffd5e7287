// The "statements" text namespace, loaded with the statement pages' chunks (see app/i18n/screen-texts.ts).
import en from "./statements.en-US";
import { screenTexts } from "~/i18n/screen-texts";
import zh from "./statements.zh-CN";

export const STATEMENTS = screenTexts("statements", zh, en);

declare module "~/i18n/domain-texts" {
  interface DomainTexts {
    statements: typeof zh;
  }
}
