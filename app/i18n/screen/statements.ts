// The "statements" text namespace, loaded with the statement pages' chunks (see app/i18n/screen-texts.ts).
import en from "../en-US/statements";
import { screenTexts } from "../screen-texts";
import zh from "../zh-CN/statements";

export const STATEMENTS = screenTexts("statements", zh, en);
