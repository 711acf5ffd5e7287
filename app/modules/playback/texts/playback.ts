// The "playback" text namespace, loaded with the screens that use it (see app/i18n/screen-texts.ts).
import en from "./playback.en-US";
import { screenTexts } from "~/i18n/screen-texts";
import zh from "./playback.zh-CN";

export const PLAYBACK = screenTexts("playback", zh, en);

declare module "~/i18n/domain-texts" {
  interface DomainTexts {
    playback: typeof zh;
  }
}
