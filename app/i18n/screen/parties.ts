// The "parties" text namespace, loaded with the customer, supplier and lead screens' chunks (see app/i18n/screen-texts.ts).
import en from "../en-US/parties";
import { screenTexts } from "../screen-texts";
import zh from "../zh-CN/parties";

export const PARTIES = screenTexts("parties", zh, en);
