import { unique } from "../helpers";
import type { DomainFactories, Factory } from "../factories";

const factories: Record<string, Factory> = {
  // a prospect without a customer yet, in the tenant's root organisation
  lead: (t) => ({ title: unique("隔离商机"), stage: "0", customerId: "", prospect: "潜在客户", expected: "360,000.00", ownerId: "", expectedStart: "2026-12-01", expectedEnd: "2027-02-28", orgId: String(t.rootOrgId), site: "", equipmentWanted: "50 吨汽车吊", remark: "" }),
};

export default { factories } satisfies DomainFactories;
