// The "settlements" text namespace, loaded with the settlement screens' chunks (see app/i18n/screen-texts.ts).
import en from "../en-US/settlements";
import { screenTexts } from "../screen-texts";
import zh from "../zh-CN/settlements";

export const SETTLEMENTS = screenTexts("settlements", zh, en);
