// The "monitor" text namespace, loaded with the screens that use it (see app/i18n/screen-texts.ts).
import en from "../en-US/monitor";
import { screenTexts } from "../screen-texts";
import zh from "../zh-CN/monitor";

export const MONITOR = screenTexts("monitor", zh, en);
