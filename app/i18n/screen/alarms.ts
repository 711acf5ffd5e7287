// The "alarms" text namespace, loaded with the screens that use it (see app/i18n/screen-texts.ts).
import en from "../en-US/alarms";
import { screenTexts } from "../screen-texts";
import zh from "../zh-CN/alarms";

export const ALARMS = screenTexts("alarms", zh, en);
