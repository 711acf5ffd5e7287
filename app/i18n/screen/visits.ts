// The "visits" text namespace, loaded with the 客户回访 and 客户调研 screens' chunks (see app/i18n/screen-texts.ts).
import en from "../en-US/visits";
import { screenTexts } from "../screen-texts";
import zh from "../zh-CN/visits";

export const VISITS = screenTexts("visits", zh, en);
