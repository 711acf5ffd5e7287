// The "tempCrane" text namespace, loaded with the 临时吊车 screen's chunk (see app/i18n/screen-texts.ts).
import en from "../en-US/tempCrane";
import { screenTexts } from "../screen-texts";
import zh from "../zh-CN/tempCrane";

export const TEMP_CRANE = screenTexts("tempCrane", zh, en);
