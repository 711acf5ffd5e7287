import { unique } from "../helpers";
import type { DomainFactories, Factory } from "../factories";

const factories: Record<string, Factory> = {
  customer: (t) => ({ name: unique("隔离客户"), kind: "enterprise", creditCode: "91310000MA1FL3XK2T", orgId: String(t.rootOrgId), managerId: "", paymentDays: "30", address: "", remark: "", creditLimit: "100000", "contacts[0].name": "张三", "contacts[0].phone": "13800138000", "contacts[0].role": "" }),
  supplier: () => ({ name: unique("隔离供应商"), kind: "enterprise", creditCode: "91310118MA1JL9W2D1", tower: "0", supplies: "transport", paymentDays: "30", address: "", remark: "", "contacts[0].name": "杨大力", "contacts[0].phone": "13816640092" }),
  supplierTower: () => ({ name: unique("隔离塔吊"), kind: "enterprise", creditCode: "91310000MA7C9U4H6W", tower: "1", supplies: "install", paymentDays: "30", address: "", remark: "", "certificates[0].name": "安全生产许可证", "certificates[0].validUntil": "2030-01-01" }),
};

export default { factories } satisfies DomainFactories;
