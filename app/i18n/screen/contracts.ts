// The "contracts" text namespace, loaded with the contract screens' chunks (see app/i18n/screen-texts.ts).
import en from "../en-US/contracts";
import { screenTexts } from "../screen-texts";
import zh from "../zh-CN/contracts";

export const CONTRACTS = screenTexts("contracts", zh, en);
