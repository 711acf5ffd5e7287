// The "telematics" text namespace, loaded with the screens that use it (see app/i18n/screen-texts.ts).
import en from "../en-US/telematics";
import { screenTexts } from "../screen-texts";
import zh from "../zh-CN/telematics";

export const TELEMATICS = screenTexts("telematics", zh, en);
