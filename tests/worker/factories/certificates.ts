import { unique } from "../helpers";
import { makeVehicle } from "../telematics";
import type { DomainFactories, Factory, Prepare } from "../factories";

/** The machine PREPARE made for each tenant's certificate factory (in the tenant's root organisation). */
const machines = new Map<number, number>();

const factories: Record<string, Factory> = {
  // an insurance policy of the machine, valid a year
  certificate: (t) => ({
    vehicleId: String(machines.get(t.tenantId!)),
    kind: "insurance",
    number: unique("PICC-"),
    issuer: "",
    issuedOn: "2026-06-01",
    expiresOn: "2027-05-31",
    mandatory: "",
    remark: "",
  }),
};

const prepare: Record<string, Prepare> = {
  async certificate(t) {
    machines.set(t.tenantId, (await makeVehicle(t.tenantId, { orgId: t.rootOrgId })).id);
  },
};

export default { factories, prepare } satisfies DomainFactories;
