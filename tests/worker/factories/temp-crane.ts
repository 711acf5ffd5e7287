import { insertCustomer, unique } from "../helpers";
import type { DomainFactories, Factory, Prepare } from "../factories";

/** The customer PREPARE made for each tenant's temporary crane factory. */
const craneCustomers = new Map<number, number>();

const factories: Record<string, Factory> = {
  // a crane for three days for the customer PREPARE made (no credit limit), in the tenant's root organisation
  tempCrane: (t) => ({ customerId: String(craneCustomers.get(t.tenantId!)), contractId: "", equipmentType: "1", spec: "25吨", fromOn: "2026-12-01", toOn: "2026-12-03", site: "", orgId: String(t.rootOrgId), reason: unique("临时吊装") }),
};

const prepare: Record<string, Prepare> = {
  async tempCrane(t) {
    craneCustomers.set(t.tenantId, await insertCustomer(t.tenantId, unique("吊车客户")));
  },
};

export default { factories, prepare } satisfies DomainFactories;
