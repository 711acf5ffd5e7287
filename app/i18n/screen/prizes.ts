// The "prizes" text namespace, loaded with the 提名奖励 screen's chunk (see app/i18n/screen-texts.ts).
import en from "../en-US/prizes";
import { screenTexts } from "../screen-texts";
import zh from "../zh-CN/prizes";

export const PRIZES = screenTexts("prizes", zh, en);
