import { defineScreens, type ScreenTab } from "~/modules/screens/define";

/** 合同模板: the printed contract's templates, a tab of 租户配置 (contractPdfView in settings.ts is its page). */
export const CONTRACT_PDF_TAB: ScreenTab = { of: "/tenantConfig", to: "/tenantConfig/contractPdf", label: { zh: "合同模板", en: "Contract Template" } };

export default defineScreens({ tabs: [CONTRACT_PDF_TAB] });
