// The "bills" text namespace, loaded with the bill screens' chunks (合同账单报表, a bill; see app/i18n/screen-texts.ts).
import en from "../en-US/bills";
import { screenTexts } from "../screen-texts";
import zh from "../zh-CN/bills";

export const BILLS = screenTexts("bills", zh, en);
