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
  // the company's safety licence, valid three years
  license: () => ({ kind: "safety", name: unique("安全生产许可证"), number: unique("(沪)JZ安许证字"), holder: "", issuer: "", issuedOn: "2025-01-01", expiresOn: "2027-12-31", remark: "" }),
};

const prepare: Record<string, Prepare> = {
  async certificate(t) {
    machines.set(t.tenantId, (await makeVehicle(t.tenantId, { orgId: t.rootOrgId })).id);
  },
};

export default { factories, prepare } satisfies DomainFactories;
