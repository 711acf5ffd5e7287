// The "leads" text namespace, loaded with the 业务列表 screen's chunk (see app/i18n/screen-texts.ts).
import en from "../en-US/leads";
import { screenTexts } from "../screen-texts";
import zh from "../zh-CN/leads";

export const LEADS = screenTexts("leads", zh, en);
