import type { SettingsView } from "~/modules/settings/settings-types";
import { CONTRACT_PDF_TAB } from "./screens";

/** The tenant_settings key of the printed contract's templates. */
export const CONTRACT_PDF_SETTINGS_KEY = "contractPdf";

/** /tenantConfig/contractPdf 合同模板: the printed contract's template per language, a tab of 租户配置. */
export const contractPdfView: SettingsView = {
  key: CONTRACT_PDF_SETTINGS_KEY,
  path: CONTRACT_PDF_TAB.to,
  screen: CONTRACT_PDF_TAB.of,
  permission: "tenantConfig",
  title: CONTRACT_PDF_TAB.label,
  intro: {
    zh: "打印合同（PDF）所用的文本。以 # 开头的行为标题，## 为章节标题，--- 为分隔线；{{block:parties}}、{{block:lines}}、{{block:fees}}、{{block:plan}}、{{block:signatures}} 单独一行插入双方信息、设备清单、一次性费用、付款计划和签章栏。清空后恢复默认模板。",
    en: "The text of the printed contract (PDF). A line starting with # is the title, ## a section heading, --- a rule; {{block:parties}}, {{block:lines}}, {{block:fees}}, {{block:plan}} and {{block:signatures}}, each on its own line, insert the parties, the equipment lines, the one-off fees, the payment plan and the signature blocks. Empty a template to go back to the default.",
  },
  fields: [
    { key: "templateZh", label: { zh: "中文模板", en: "Chinese template" }, type: "textarea", maxLength: 20000 },
    { key: "templateEn", label: { zh: "英文模板", en: "English template" }, type: "textarea", maxLength: 20000 },
  ],
};
