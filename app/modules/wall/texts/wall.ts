// The "wall" text namespace (big screens and their links), loaded with the screens that use it (app/i18n/screen-texts.ts).
import en from "./wall.en-US";
import { screenTexts } from "~/i18n/screen-texts";
import zh from "./wall.zh-CN";

export const WALL = screenTexts("wall", zh, en);

declare module "~/i18n/domain-texts" {
  interface DomainTexts {
    wall: typeof zh;
  }
}
