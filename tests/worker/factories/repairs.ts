import { unique } from "../helpers";
import { makeVehicle } from "../telematics";
import type { DomainFactories, Factory, Prepare } from "../factories";

/** The machine PREPARE made for each tenant's repair factory (in the tenant's root organisation). */
const machines = new Map<number, number>();

const factories: Record<string, Factory> = {
  // an in-house repair of the machine: 1.5 h of labour and a filter, down since the first of the month
  equipmentRepair: (t) => ({
    vehicleId: String(machines.get(t.tenantId!)),
    abnormalityId: "",
    repairKind: "inhouse",
    supplierId: "",
    fault: unique("液压泵异响"),
    diagnosis: "",
    downFromOn: "2026-11-01",
    downFromTime: "08:00",
    downToOn: "2026-11-01",
    downToTime: "17:30",
    deductRent: "",
    "labour[0].worker": "李师傅",
    "labour[0].hours": "1.5",
    "labour[0].rate": "100",
    "parts[0].partName": "液压滤芯",
    "parts[0].spec": "",
    "parts[0].quantity": "1",
    "parts[0].price": "260",
    outsideCents: "",
    remark: "",
  }),
};

const prepare: Record<string, Prepare> = {
  async equipmentRepair(t) {
    machines.set(t.tenantId, (await makeVehicle(t.tenantId, { orgId: t.rootOrgId })).id);
  },
};

export default { factories, prepare } satisfies DomainFactories;
