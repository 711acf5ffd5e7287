// The "fences" text namespace, loaded with the screens that use it (see app/i18n/screen-texts.ts).
import en from "../en-US/fences";
import { screenTexts } from "../screen-texts";
import zh from "../zh-CN/fences";

export const FENCES = screenTexts("fences", zh, en);
