// The "overdue" text namespace, loaded with the overdue contract pages' chunks (see app/i18n/screen-texts.ts).
import en from "../en-US/overdue";
import { screenTexts } from "../screen-texts";
import zh from "../zh-CN/overdue";

export const OVERDUE = screenTexts("overdue", zh, en);
