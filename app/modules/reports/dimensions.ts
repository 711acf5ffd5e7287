/** 合同收入's grouping: the dimensions the page offers and the loader reads (client-safe). */
export const REVENUE_DIMENSIONS = ["contract", "customer", "type", "org"] as const;
export type RevenueDimension = (typeof REVENUE_DIMENSIONS)[number];
export const revenueDimension = (v: string | null): RevenueDimension => ((REVENUE_DIMENSIONS as readonly string[]).includes(v ?? "") ? (v as RevenueDimension) : "contract");

export const DIMENSION_LABEL: Record<RevenueDimension, { zh: string; en: string }> = {
  contract: { zh: "合同", en: "Contract" },
  customer: { zh: "客户", en: "Customer" },
  type: { zh: "设备类型", en: "Equipment type" },
  org: { zh: "组织", en: "Organisation" },
};
