// The "reports" text namespace, loaded with the report pages' chunks (see app/i18n/screen-texts.ts).
import en from "../en-US/reports";
import { screenTexts } from "../screen-texts";
import zh from "../zh-CN/reports";

export const REPORTS = screenTexts("reports", zh, en);
