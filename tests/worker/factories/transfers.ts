import { unique } from "../helpers";
import { makeVehicle } from "../telematics";
import type { DomainFactories, Factory, Prepare } from "../factories";

/** The machine PREPARE made for each tenant's transfer factory (in the tenant's root organisation). */
const machines = new Map<number, number>();

const factories: Record<string, Factory> = {
  // one machine moved to a named site, with its freight
  equipmentTransfer: (t) => ({
    transferOn: "2026-12-05",
    fromOrgId: "",
    toOrgId: String(t.rootOrgId),
    carrier: "",
    fromSite: "",
    toSite: unique("调入工地"),
    reason: "",
    "lines[0].vehicleId": String(machines.get(t.tenantId!)),
    "lines[0].engineHours": "1520.5",
    "lines[0].freight": "3,500.00",
    "lines[0].remark": "",
  }),
};

const prepare: Record<string, Prepare> = {
  async equipmentTransfer(t) {
    machines.set(t.tenantId, (await makeVehicle(t.tenantId, { orgId: t.rootOrgId })).id);
  },
};

export default { factories, prepare } satisfies DomainFactories;
