// The "rent" text namespace, loaded with the rental screens' chunks (see app/i18n/screen-texts.ts).
import en from "../en-US/rent";
import { screenTexts } from "../screen-texts";
import zh from "../zh-CN/rent";

export const RENT = screenTexts("rent", zh, en);
