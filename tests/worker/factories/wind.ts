import { env } from "cloudflare:test";
import { unique } from "../helpers";
import { makeVehicle } from "../telematics";
import type { DomainFactories, Factory, Prepare } from "../factories";

/** The crawler crane PREPARE made for each tenant's wind project factory (in the tenant's root organisation). */
const cranes = new Map<number, number>();

const factories: Record<string, Factory> = {
  // a project with one crane, one turbine position and one stop
  windManage: (t) => ({
    name: unique("风电项目"),
    ownerId: "",
    orgId: String(t.rootOrgId),
    site: "江苏省南通市如东县",
    turbineModel: "",
    capacityMw: "",
    startOn: "2026-11-01",
    plannedEndOn: "",
    windLimit: "",
    remark: "",
    "cranes[0].vehicleId": String(cranes.get(t.tenantId!)),
    "cranes[0].role": "main",
    "cranes[0].windLimit": "9.5",
    "cranes[0].remark": "",
    "positions[0].positionNo": "F01",
    "positions[0].hubHeight": "",
    "positions[0].stage": "2",
    "positions[0].doneOn": "",
    "stops[0].stopOn": "2026-11-20",
    "stops[0].fromTime": "09:00",
    "stops[0].toTime": "11:00",
    "stops[0].reason": "wind",
    "stops[0].windSpeed": "12",
  }),
};

const prepare: Record<string, Prepare> = {
  async windManage(t) {
    const crane = await makeVehicle(t.tenantId, { orgId: t.rootOrgId });
    await env.DB.prepare("update vehicles set vehicle_type = '2' where id = ?").bind(crane.id).run();
    cranes.set(t.tenantId, crane.id);
  },
};

export default { factories, prepare } satisfies DomainFactories;
