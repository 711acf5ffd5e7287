import { env } from "cloudflare:test";
import { unique } from "../helpers";
import { makeContract } from "../rent-fixtures";
import { terminalNo } from "../telematics";
import type { DomainFactories, Factory, Prepare } from "../factories";

/** Per tenant, the contract line PREPARE.outcarRecord made (the out-car record factory names it). */
const outcarLines = new Map<number, number>();

const factories: Record<string, Factory> = {
  // the executing contract line PREPARE made for the tenant; the trip is today, within the line's open-ended days
  outcarRecord: (t) => ({ lineId: String(outcarLines.get(t.tenantId!)), tripOn: new Date().toISOString().slice(0, 10), operators: "张师傅", site: "", departTime: "07:30", returnTime: "17:00", engineHoursStart: "1200", engineHoursEnd: "1208.5", kmStart: "52000", kmEnd: "52036", fuelL: "", signer: "李工", work: unique("吊装钢梁"), remark: "" }),
};

const prepare: Record<string, Prepare> = {
  async outcarRecord(t) {
    const vehicle = await env.DB.prepare("insert into vehicles (tenant_id, org_id, plate, terminal_no, state, version, created_at, updated_at) values (?, ?, ?, ?, 1, 1, ?, ?) returning id")
      .bind(t.tenantId, t.rootOrgId, unique("沪R"), terminalNo(), Date.now(), Date.now())
      .first<{ id: number }>();
    const contract = await makeContract(t.tenantId, { state: 3, lines: [{ vehicleId: vehicle!.id, from: "2026-01-01", to: null }] });
    outcarLines.set(t.tenantId, contract.lineIds[0]!);
  },
};

export default { factories, prepare } satisfies DomainFactories;
