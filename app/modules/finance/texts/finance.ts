// The "finance" text namespace, loaded with the finance screens' chunks (发票登记, 收付款管理, 设备回款; see app/i18n/screen-texts.ts).
import en from "./finance.en-US";
import { screenTexts } from "~/i18n/screen-texts";
import zh from "./finance.zh-CN";

export const FINANCE = screenTexts("finance", zh, en);

declare module "~/i18n/domain-texts" {
  interface DomainTexts {
    finance: typeof zh;
  }
}
