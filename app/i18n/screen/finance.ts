// The "finance" text namespace, loaded with the finance screens' chunks (发票登记, 收付款管理, 设备回款; see app/i18n/screen-texts.ts).
import en from "../en-US/finance";
import { screenTexts } from "../screen-texts";
import zh from "../zh-CN/finance";

export const FINANCE = screenTexts("finance", zh, en);
