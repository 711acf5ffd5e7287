// The "playback" text namespace, loaded with the screens that use it (see app/i18n/screen-texts.ts).
import en from "../en-US/playback";
import { screenTexts } from "../screen-texts";
import zh from "../zh-CN/playback";

export const PLAYBACK = screenTexts("playback", zh, en);
