// The "dispatch" text namespace, loaded with the Dispatch screens' chunks (see app/i18n/screen-texts.ts).
import en from "../en-US/dispatch";
import { screenTexts } from "../screen-texts";
import zh from "../zh-CN/dispatch";

export const DISPATCH = screenTexts("dispatch", zh, en);
