import { env } from "cloudflare:test";
import { unique } from "../helpers";
import { makeVehicle } from "../telematics";
import type { DomainFactories, Factory, Prepare } from "../factories";

/** The tower cranes PREPARE made for each tenant: one a file, since a tower has one file (in the root organisation). */
const towers = new Map<number, number[]>();

const factories: Record<string, Factory> = {
  // a file with its registration and installation; each call takes a tower of its own
  towerDocument: (t) => ({
    vehicleId: String(towers.get(t.tenantId!)!.shift()),
    recordNo: unique("沪建备塔"),
    site: unique("工地"),
    ownerUnit: "",
    installUnit: "",
    useUnit: "",
    armLength: "60",
    maxLoad: "10",
    remark: "",
    "records[0].stage": "1",
    "records[0].doneOn": "2026-10-01",
    "records[0].docNo": "",
    "records[0].height": "",
    "records[0].sections": "",
    "records[0].agency": "",
    "records[0].remark": "",
    "records[1].stage": "3",
    "records[1].doneOn": "2026-10-12",
    "records[1].docNo": "",
    "records[1].height": "40.5",
    "records[1].sections": "12",
    "records[1].agency": "",
    "records[1].remark": "",
  }),
};

const prepare: Record<string, Prepare> = {
  async towerDocument(t) {
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const v = await makeVehicle(t.tenantId, { orgId: t.rootOrgId });
      await env.DB.prepare("update vehicles set vehicle_type = '3' where id = ?").bind(v.id).run();
      ids.push(v.id);
    }
    towers.set(t.tenantId, ids);
  },
};

export default { factories, prepare } satisfies DomainFactories;
