import { addDays } from "../../../app/lib/calendar";
import { todayInZone } from "../../../app/lib/tenant-clock";
import { unique } from "../helpers";
import { makeVehicle } from "../telematics";
import type { DomainFactories, Factory, Prepare } from "../factories";

/** What PREPARE made for each tenant's safety factories: a machine in the tenant's root organisation, and its user. */
const made = new Map<number, { machine: number; userId: number }>();
const of = (tenantId: number | undefined) => made.get(tenantId!) ?? { machine: 0, userId: 0 };
const day = (days: number) => addDays(todayInZone("Asia/Shanghai"), days);

const factories: Record<string, Factory> = {
  // a routine inspection with one failed item on the machine
  safeInspectionCheck: (t) => ({
    checkOn: day(0),
    kind: "daily",
    inspectorId: String(of(t.tenantId).userId),
    orgId: "",
    site: unique("检查地点"),
    contractId: "",
    conclusion: "",
    "items[0].item": "钢丝绳",
    "items[0].standard": "无断股、扭结",
    "items[0].vehicleId": String(of(t.tenantId).machine),
    "items[0].result": "fail",
    "items[0].note": "",
  }),
  // a hazard found yesterday on the machine
  hazardInvestigation: (t) => ({
    foundOn: day(-1),
    level: "general",
    source: "patrol",
    checkId: "",
    place: unique("隐患地点"),
    vehicleId: String(of(t.tenantId).machine),
    orgId: "",
    description: "吊钩防脱钩装置缺失",
    suggestion: "",
  }),
  // a notice written by hand, issued to the root organisation, one item due in a week
  safetyReform: (t) => ({
    source: "manual",
    checkId: "",
    hazardId: "",
    site: unique("整改地点"),
    orgId: String(t.rootOrgId),
    responsibleId: String(of(t.tenantId).userId),
    remark: "",
    "items[0].requirement": "更换断丝超标的钢丝绳",
    "items[0].deadline": day(7),
    "items[0].responsible": "",
    "items[0].remark": "",
  }),
  // an accident yesterday, one rigger slightly injured, not reported to the insurer
  accidentProposal: (t) => ({
    occurredOn: day(-1),
    occurredAt: "14:20",
    level: "general",
    orgId: "",
    place: unique("事故地点"),
    vehicleId: String(of(t.tenantId).machine),
    contractId: "",
    description: "吊装预制梁时吊物摆动碰伤司索工",
    directLoss: "12,000.00",
    claimState: "none",
    insurer: "",
    claimNo: "",
    claimedAmount: "",
    paidAmount: "",
    cause: "",
    investigation: "",
    measures: "",
    "people[0].name": "张师傅",
    "people[0].role": "rigger",
    "people[0].injury": "minor",
    "people[0].remark": "",
  }),
};

const prepareSafety: Prepare = async (t) => {
  made.set(t.tenantId, { machine: (await makeVehicle(t.tenantId, { orgId: t.rootOrgId })).id, userId: t.userId });
};
const prepare: Record<string, Prepare> = {
  safeInspectionCheck: prepareSafety,
  hazardInvestigation: prepareSafety,
  safetyReform: prepareSafety,
  accidentProposal: prepareSafety,
};

export default { factories, prepare } satisfies DomainFactories;
