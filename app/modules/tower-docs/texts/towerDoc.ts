// The "towerDoc" text namespace, loaded with 塔吊档案's chunks (see app/i18n/screen-texts.ts).
import en from "./towerDoc.en-US";
import { screenTexts } from "~/i18n/screen-texts";
import zh from "./towerDoc.zh-CN";

export const TOWER_DOC = screenTexts("towerDoc", zh, en);

declare module "~/i18n/domain-texts" {
  interface DomainTexts {
    towerDoc: typeof zh;
  }
}
