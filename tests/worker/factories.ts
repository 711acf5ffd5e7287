import { env } from "cloudflare:test";
import { unique } from "./helpers";
import { terminalNo } from "./telematics";
import { makeContract } from "./rent-fixtures";

type Tenant = { tenantId?: number; rootOrgId: number; roleIds: { admin: number; dispatcher: number; viewer: number } };
type SignedTenant = Tenant & { tenantId: number; userId: number };

/** A confirmed bill of ¥1,000.00 for a new customer of the tenant (the finance screens' factories name it). */
const financeBills = new Map<number, { customerId: number; billId: number }>();
async function confirmedBill(tenantId: number) {
  const contract = await makeContract(tenantId, { state: 3, lines: [{ vehicleId: null, from: "2026-10-01" }] });
  const bill = await env.DB.prepare(
    "insert into bills (tenant_id, number, kind, contract_id, root_id, customer_id, period_from, period_to, amount_cents, tax_cents, tax_rate_bp, due_on, state, version, created_at, updated_at) values (?, ?, 'regular', ?, ?, ?, '2026-10-01', '2026-10-31', 100000, 8257, 900, '2026-11-30', 1, 1, ?, ?) returning id",
  )
    .bind(tenantId, unique("ZD-"), contract.id, contract.id, contract.customerId, Date.now(), Date.now())
    .first<{ id: number }>();
  financeBills.set(tenantId, { customerId: contract.customerId, billId: bill!.id });
}

/**
 * Valid create-form values for every registered resource, for the tenant given. The isolation test fails
 * for a resource without a factory here, so a new resource cannot slip past it.
 */
export const FACTORIES: Record<string, (t: Tenant) => Record<string, string>> = {
  settlement: (t) => ({ contractId: String(settlementContracts.get(t.tenantId!)), throughOn: "2026-10-31", remark: unique("清算") }),
  overtimeSettlement: (t) => ({ contractId: String(settlementContracts.get(t.tenantId!)), throughOn: "2026-10-31", remark: unique("超时清算") }),
  organisation: (t) => ({ name: unique("部门"), parentId: String(t.rootOrgId), sort: "1" }),
  alarmSetting: () => ({ name: unique("超速"), level: "1", shown: "1", handleMode: "manual", measure: "" }),
  buildCompany: () => ({ name: unique("建设"), contact: "", phone: "", address: "", remark: "" }),
  depository: () => ({ name: unique("仓库"), address: "", manager: "", phone: "", state: "1", remark: "" }),
  // the vehicle PREPARE puts outside the user's scope
  dataPermission: (t) => ({ vehicles: `ISO${t.tenantId}`, reason: unique("隔离申请"), periodEnd: "" }),
  application: () => ({ name: unique("申请人"), phone: "13700001111", appRole: "driver", company: "", reason: "" }),
  dictionary: () => ({ dictCode: unique("dict_"), dictName: unique("字典") }),
  role: () => ({ name: unique("角色"), state: "1", description: "" }),
  menu: () => ({
    name: unique("菜单"),
    nameEn: unique("Menu "),
    // "10…" sorts among the first rows of the list (ordered by menu ID), so a page of 100 shows it
    privisId: `10${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
    privis: unique("iso_"),
    parent: "0",
    routerPath: "",
    sort: "0",
    type: "5",
    state: "1",
    home: "0",
    once: "0",
  }),
  vehicle: (t) => ({
    plate: unique("沪A"),
    terminalNo: terminalNo(),
    vin: "",
    terminalSecret: "",
    deviceIdent: "",
    osmandEnabled: "0",
    osmandKey: "",
    code: "",
    selfNo: "",
    orgId: String(t.rootOrgId),
    modelId: "",
    ownerId: "",
    vehicleType: "1",
    energyType: "diesel",
    sim1: "",
    sim2: "",
    manufactureDate: "",
    warrantyEnd: "",
    chassisType: "",
    engineModel: "",
    passPermit: "",
    terminalFactory: "",
    hardwareVersion: "",
    softwareVersion: "",
    videoChannels: "0",
    deviceType: "new",
    saleState: "0",
    assemblies: "",
  }),
  vehicleModel: () => ({ name: unique("车型"), energyType: "", length: "12.5", width: "", height: "", volume: "", fuelAlarm: "", idleCoefficient: "", announcementNo: "", announcementBatch: "", iconRunning: "mixer-running", iconStopped: "mixer-stopped", iconOffline: "mixer-offline" }),
  vehicleOwner: () => ({ name: unique("车主"), ownerType: "personal", idNumber: "", phone: "", authorizedUserId: "" }),
  driver: () => ({ name: unique("司机").slice(0, 20), phone: "", vehicleId: "" }),
  markerType: () => ({ name: unique("类型"), icon: "gas-station" }),
  markerPoint: () => ({ name: unique("标注"), typeId: "", lng: "121.35", lat: "31.3", address: "", contact1: "", phone1: "", contact2: "", phone2: "", remark: "" }),
  // the executing contract line PREPARE made for the tenant; the trip is today, within the line's open-ended days
  outcarRecord: (t) => ({ lineId: String(outcarLines.get(t.tenantId!)), tripOn: new Date().toISOString().slice(0, 10), operators: "张师傅", site: "", departTime: "07:30", returnTime: "17:00", engineHoursStart: "1200", engineHoursEnd: "1208.5", kmStart: "52000", kmEnd: "52036", fuelL: "", signer: "李工", work: unique("吊装钢梁"), remark: "" }),
  // a transport cost on the contract PREPARE made, on its line
  contractCost: (t) => ({ contractId: String(costContracts.get(t.tenantId!)!.id), lineId: String(costContracts.get(t.tenantId!)!.lineId), kind: "transport", amount: "3,500.00", occurredOn: "2026-11-20", supplierId: "", remark: unique("进场运费") }),
  // a rental contract of one line for the customer PREPARE made (an equipment type: no vehicle to clash on)
  contract: (t) => ({ kind: "rental", name: unique("隔离合同"), customerId: String(contractCustomers.get(t.tenantId!)), startOn: "2026-11-01", plannedEndOn: "2026-11-30", settlementDay: "20", paymentDays: "30", taxRate: "9", "lines[0].equipmentType": "1", "lines[0].monthly": "38000" }),
  customer: (t) => ({ name: unique("隔离客户"), kind: "enterprise", creditCode: "91310000MA1FL3XK2T", orgId: String(t.rootOrgId), managerId: "", paymentDays: "30", address: "", remark: "", creditLimit: "100000", "contacts[0].name": "张三", "contacts[0].phone": "13800138000", "contacts[0].role": "" }),
  // a visit to the customer PREPARE made, by the tenant's first user
  customerVisit: (t) => ({ visitedOn: "2026-11-20", customerId: String(visitCustomers.get(t.tenantId!)), contactId: "", purpose: "routine", visitorId: String(visitors.get(t.tenantId!)), content: unique("回访"), nextStep: "" }),
  supplier: () => ({ name: unique("隔离供应商"), kind: "enterprise", creditCode: "91310118MA1JL9W2D1", tower: "0", supplies: "transport", paymentDays: "30", address: "", remark: "", "contacts[0].name": "杨大力", "contacts[0].phone": "13816640092" }),
  supplierTower: () => ({ name: unique("隔离塔吊"), kind: "enterprise", creditCode: "91310000MA7C9U4H6W", tower: "1", supplies: "install", paymentDays: "30", address: "", remark: "", "certificates[0].name": "安全生产许可证", "certificates[0].validUntil": "2030-01-01" }),
  // a form of the customer PREPARE made, scoring the one question PREPARE put in the questionnaire
  satisfactionForm: (t) => ({ customerId: String(visitCustomers.get(t.tenantId!)), answeredOn: "2026-11-20", respondent: unique("项目经理").slice(0, 30), comment: "", "answers[0].questionId": String(surveyQuestions.get(t.tenantId!)), "answers[0].score": "4" }),
  satisfactionQuestion: () => ({ text: unique("设备完好率"), sort: "10", enabled: "1" }),
  // a prospect without a customer yet, in the tenant's root organisation
  lead: (t) => ({ title: unique("隔离商机"), stage: "0", customerId: "", prospect: "潜在客户", expected: "360,000.00", ownerId: "", expectedStart: "2026-12-01", expectedEnd: "2027-02-28", orgId: String(t.rootOrgId), site: "", equipmentWanted: "50 吨汽车吊", remark: "" }),
  // a crane for three days for the customer PREPARE made (no credit limit), in the tenant's root organisation
  tempCrane: (t) => ({ customerId: String(craneCustomers.get(t.tenantId!)), contractId: "", equipmentType: "1", spec: "25吨", fromOn: "2026-12-01", toOn: "2026-12-03", site: "", orgId: String(t.rootOrgId), reason: unique("临时吊装") }),
  // a reward for the colleague PREPARE made, on the executing contract it made
  prizeNomination: (t) => ({ nomineeId: String(prizeFixtures.get(t.tenantId!)!.nomineeId), contractId: String(prizeFixtures.get(t.tenantId!)!.contractId), amount: "2,000.00", reason: unique("提前进场") }),
  signPoint: (t) => ({ name: unique("签到").slice(0, 30), orgId: String(t.rootOrgId), project: "", lng: "121.35", lat: "31.3", address: "嘉定工地", signRange: "200", workStart: "", workEnd: "", remark: "" }),
  // an invoice of ¥1,000.00 covering the whole confirmed bill PREPARE made for the tenant's customer
  invoice: (t) => ({ number: unique("FP"), kind: "special", taxRate: "900", customerId: String(financeBills.get(t.tenantId!)!.customerId), contractId: "", issuedOn: "2026-11-20", amount: "1,000.00", remark: "", "bills[0].billId": String(financeBills.get(t.tenantId!)!.billId), "bills[0].on": "1", "bills[0].amount": "1000" }),
  // ¥600.00 received from that customer, allocated automatically to the bill
  receipt: (t) => ({ direction: "in", customerId: String(financeBills.get(t.tenantId!)!.customerId), supplierId: "", contractId: "", receivedOn: "2026-11-21", amount: "600", method: "transfer", reference: unique("BANK"), allocation: "auto", remark: "" }),
  user: (t) => ({
    loginAccount: unique("iso"),
    userName: unique("隔离"),
    password: "Passw0rd@26",
    orgId: String(t.rootOrgId),
    roleId: String(t.roleIds.viewer),
    phone: "",
    email: "",
    address: "",
    expiresAt: "",
    state: "1",
  }),
};

/** Per tenant, the contract line PREPARE.outcarRecord made (the out-car record factory names it). */
const outcarLines = new Map<number, number>();

/** The customer PREPARE made for each tenant's visit factory, and the visitor (the signed-in user). */
const visitCustomers = new Map<number, number>();
const visitors = new Map<number, number>();
/** The question PREPARE put in each tenant's questionnaire for the satisfaction form factory. */
const surveyQuestions = new Map<number, number>();
/** The contract and line PREPARE made for each tenant's cost factory. */
const costContracts = new Map<number, { id: number; lineId: number }>();
/** The customer PREPARE made for each tenant's contract factory. */
const contractCustomers = new Map<number, number>();
/** The customer PREPARE made for each tenant's temporary crane factory. */
const craneCustomers = new Map<number, number>();
/** The contract PREPARE made for each tenant's settlement factories (an overtime settlement's with overtime billed). */
const settlementContracts = new Map<number, number>();
/** The colleague and the contract PREPARE made for each tenant's nomination factory. */
const prizeFixtures = new Map<number, { nomineeId: number; contractId: number }>();

/**
 * What a resource's create needs to exist first, for the tenant given (data permissions: a vehicle the user cannot
 * see, so the user is moved to a department of their own).
 */
export const PREPARE: Record<string, (t: SignedTenant) => Promise<void>> = {
  async settlement(t) {
    const contract = await makeContract(t.tenantId, { state: 3, kind: "rental", lines: [{ vehicleId: null, from: "2026-10-01", to: null }] });
    settlementContracts.set(t.tenantId, contract.id);
  },
  async overtimeSettlement(t) {
    const contract = await makeContract(t.tenantId, { state: 3, kind: "rental", lines: [{ vehicleId: null, from: "2026-10-01", to: null }] });
    settlementContracts.set(t.tenantId, contract.id);
    // a confirmed bill with 3 hours of 台班 overtime (items go in while it is a draft: a confirmed bill's are fixed)
    const bill = await env.DB.prepare("insert into bills (tenant_id, number, contract_id, root_id, period_from, period_to, amount_cents, tax_cents, tax_rate_bp, due_on, created_at, updated_at) values (?, ?, ?, ?, '2026-10-01', '2026-10-31', 75000, 6193, 900, '2026-11-30', ?, ?) returning id")
      .bind(t.tenantId, unique("ZD-"), contract.id, contract.id, Date.now(), Date.now())
      .first<{ id: number }>();
    await env.DB.prepare("insert into bill_items (tenant_id, bill_id, seq, rule, quantity, unit, rate_cents, amount_cents, tax_rate_bp, tax_cents) values (?, ?, 1, 'shiftOvertime', '3', 'hour', 25000, 75000, 900, 6193)").bind(t.tenantId, bill!.id).run();
    await env.DB.prepare("update bills set state = 1 where id = ?").bind(bill!.id).run();
  },
  invoice: (t) => confirmedBill(t.tenantId),
  receipt: (t) => confirmedBill(t.tenantId),
  async satisfactionForm(t) {
    await PREPARE.customerVisit!(t);
    const row = await env.DB.prepare("insert into satisfaction_questions (tenant_id, text, sort, enabled) values (?, ?, 10, 1) returning id").bind(t.tenantId, unique("总体满意度")).first<{ id: number }>();
    surveyQuestions.set(t.tenantId, row!.id);
  },
  async customerVisit(t) {
    const row = await env.DB.prepare("insert into customers (tenant_id, name, kind, payment_days, state, version, created_at, updated_at) values (?, ?, 'enterprise', 30, 1, 1, ?, ?) returning id")
      .bind(t.tenantId, unique("回访客户"), Date.now(), Date.now())
      .first<{ id: number }>();
    visitCustomers.set(t.tenantId, row!.id);
    visitors.set(t.tenantId, t.userId);
  },
  async contract(t) {
    const row = await env.DB.prepare("insert into customers (tenant_id, name, kind, payment_days, state, version, created_at, updated_at) values (?, ?, 'enterprise', 30, 1, 1, ?, ?) returning id")
      .bind(t.tenantId, unique("隔离客户"), Date.now(), Date.now())
      .first<{ id: number }>();
    contractCustomers.set(t.tenantId, row!.id);
  },
  async tempCrane(t) {
    const row = await env.DB.prepare("insert into customers (tenant_id, name, kind, payment_days, state, version, created_at, updated_at) values (?, ?, 'enterprise', 30, 1, 1, ?, ?) returning id")
      .bind(t.tenantId, unique("吊车客户"), Date.now(), Date.now())
      .first<{ id: number }>();
    craneCustomers.set(t.tenantId, row!.id);
  },
  async prizeNomination(t) {
    const contract = await makeContract(t.tenantId, { state: 3, lines: [{ vehicleId: null, from: "2026-11-01", to: "2026-11-30" }] });
    const nominee = await env.DB.prepare("insert into users (tenant_id, org_id, login_account, user_name, password_hash, state, version, created_at, updated_at) values (?, ?, ?, ?, 'x', 1, 1, ?, ?) returning id")
      .bind(t.tenantId, t.rootOrgId, unique("nominee"), unique("项目经理"), Date.now(), Date.now())
      .first<{ id: number }>();
    prizeFixtures.set(t.tenantId, { nomineeId: nominee!.id, contractId: contract.id });
  },
  async contractCost(t) {
    const contract = await makeContract(t.tenantId, { state: 3, lines: [{ vehicleId: null, from: "2026-11-01", to: "2026-11-30" }] });
    costContracts.set(t.tenantId, { id: contract.id, lineId: contract.lineIds[0]! });
  },
  async outcarRecord(t) {
    const vehicle = await env.DB.prepare("insert into vehicles (tenant_id, org_id, plate, terminal_no, state, version, created_at, updated_at) values (?, ?, ?, ?, 1, 1, ?, ?) returning id")
      .bind(t.tenantId, t.rootOrgId, unique("沪R"), terminalNo(), Date.now(), Date.now())
      .first<{ id: number }>();
    const contract = await makeContract(t.tenantId, { state: 3, lines: [{ vehicleId: vehicle!.id, from: "2026-01-01", to: null }] });
    outcarLines.set(t.tenantId, contract.lineIds[0]!);
  },
  async dataPermission(t) {
    const dept = await env.DB.prepare("insert into organisations (tenant_id, parent_id, name, sort, version, created_at, updated_at) values (?, ?, ?, 9, 1, ?, ?) returning id")
      .bind(t.tenantId, t.rootOrgId, unique("隔离部"), Date.now(), Date.now())
      .first<{ id: number }>();
    await env.DB.prepare("update users set org_id = ? where id = ?").bind(dept!.id, t.userId).run();
    await env.DB.prepare("insert into vehicles (tenant_id, org_id, plate, terminal_no, state, version, created_at, updated_at) values (?, ?, ?, ?, 1, 1, ?, ?)")
      .bind(t.tenantId, t.rootOrgId, `ISO${t.tenantId}`, terminalNo(), Date.now(), Date.now())
      .run();
  },
};

/**
 * Read-only resources (logs) take no form: their rows are written by the system, so the isolation test puts
 * one in through SQL for the tenant given and looks for its label (the view's rowLabel value).
 */
export const SEEDS: Record<string, (t: { tenantId: number; userId: number }) => Promise<string>> = {
  // an approved settlement of a contract of the tenant, its number the label
  async settlementRecord(t) {
    const label = unique("QS-iso-");
    const contract = await env.DB.prepare("insert into contracts (tenant_id, number, kind, name, start_on, state, current, version, created_at, updated_at) values (?, ?, 'rental', ?, '2026-10-01', 4, 1, 1, ?, ?) returning id")
      .bind(t.tenantId, unique("HT-"), unique("隔离合同"), Date.now(), Date.now())
      .first<{ id: number }>();
    await env.DB.prepare("insert into settlements (tenant_id, number, kind, contract_id, root_id, through_on, state, version, created_at, updated_at) values (?, ?, 'final', ?, ?, '2026-10-31', 2, 1, ?, ?)")
      .bind(t.tenantId, label, contract!.id, contract!.id, Date.now(), Date.now())
      .run();
    return label;
  },
  // a bill of a contract of the tenant, its number the label
  async contractBill(t) {
    const label = unique("iso-bill-");
    const contract = await env.DB.prepare("insert into contracts (tenant_id, number, kind, name, start_on, state, current, version, created_at, updated_at) values (?, ?, 'rental', ?, '2026-10-01', 3, 1, 1, ?, ?) returning id")
      .bind(t.tenantId, unique("HT-"), unique("隔离合同"), Date.now(), Date.now())
      .first<{ id: number }>();
    await env.DB.prepare("insert into bills (tenant_id, number, contract_id, root_id, period_from, period_to, amount_cents, tax_cents, tax_rate_bp, due_on, created_at, updated_at) values (?, ?, ?, ?, '2026-10-01', '2026-10-31', 100000, 8257, 900, '2026-11-30', ?, ?)")
      .bind(t.tenantId, label, contract!.id, contract!.id, Date.now(), Date.now())
      .run();
    return label;
  },
  // a sub-contract of the tenant, its name the label
  async subcontract(t) {
    const label = unique("iso-sub-");
    await env.DB.prepare("insert into contracts (tenant_id, number, kind, name, start_on, state, current, version, created_at, updated_at) values (?, ?, 'subcontract', ?, '2026-11-01', 3, 1, 1, ?, ?)")
      .bind(t.tenantId, unique("FB-"), label, Date.now(), Date.now())
      .run();
    return label;
  },
  // an instalment of a contract of the tenant, its remark the label
  async contractPlan(t) {
    const label = unique("iso-plan-");
    const contract = await env.DB.prepare("insert into contracts (tenant_id, number, kind, name, start_on, state, current, version, created_at, updated_at) values (?, ?, 'rental', ?, '2026-11-01', 3, 1, 1, ?, ?) returning id")
      .bind(t.tenantId, unique("HT-"), unique("隔离合同"), Date.now(), Date.now())
      .first<{ id: number }>();
    await env.DB.prepare("insert into contract_plans (tenant_id, contract_id, seq, due_on, amount_cents, remark) values (?, ?, 1, '2026-12-20', 100, ?)").bind(t.tenantId, contract!.id, label).run();
    return label;
  },
  async auditLog(t) {
    const label = unique("iso-audit-");
    await env.DB.prepare("insert into audit_logs (tenant_id, user_id, action, entity, entity_id, before, after, created_at) values (?, ?, 'update', 'menu', ?, ?, ?, ?)")
      .bind(t.tenantId, t.userId, label, JSON.stringify({ name: "旧" }), JSON.stringify({ name: "新" }), Date.now())
      .run();
    return label;
  },
  async visitLog(t) {
    const label = unique("隔离模块");
    await env.DB.prepare("insert into visit_logs (tenant_id, user_id, phone_type, first_module, second_module, stay_time, created_at) values (?, ?, 0, ?, '子模块', 4200, ?)").bind(t.tenantId, t.userId, label, Date.now()).run();
    return label;
  },
};
