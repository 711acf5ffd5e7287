import { and, asc, desc, eq } from "drizzle-orm";
import { equipmentTypeName } from "~/modules/telematics/vehicle-types";
import { batch } from "../../../db/client";
import { contractFees, contractLines, contractPlans, contracts, customerContacts, customers, suppliers, supplierContacts, tenants, users, vehicleModels, vehicles } from "../../../db/schema";
import { visibleOrgRowWhere } from "../../../db/rules/data-scope";
import { ofTenant, tenantWhere } from "../../../db/tenant";
import type { Language } from "~/i18n";
import { resources } from "~/i18n/resources";
import { formatCents, percentOfBp } from "~/lib/cents";
import { todayInZone } from "~/lib/tenant-clock";
import type { RequestScope } from "~/modules/access/access.server";
import { openFile } from "~/modules/files/files.server";
import { readTenantSettings } from "~/modules/settings/settings.server";
import { makePdf } from "./make-pdf.server";
import type { ContractPrint, PrintTable } from "./render.server";
import { CONTRACT_PDF_SETTINGS_KEY } from "./settings";
import { fillTemplate, templateOf, type Placeholder } from "./template";

type PdfTexts = (typeof resources)["zh-CN"]["contractDocs"]["pdf"];

/** A `contractDocs:pdf` text in the document's language, {{params}} filled in. */
function pdfText(lang: Language, key: Exclude<keyof PdfTexts, "kinds" | "fees">, params: Record<string, string | number> = {}): string {
  return String(resources[lang].contractDocs.pdf[key]).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ""));
}

/** Everything printed about one contract, read in one batch: null when the user may not see it (another tenant, outside the data scope). */
async function readContract(scope: RequestScope, id: number) {
  const { db, user } = scope;
  const [contract] = await db
    .select()
    .from(contracts)
    .where(tenantWhere(contracts, user, eq(contracts.id, id), visibleOrgRowWhere(scope, contracts.orgId)));
  if (!contract) return null;
  const [lines, fees, plan, party, contacts, salesman, tenant] = await batch(db, [
    db
      .select({ line: contractLines, plate: vehicles.plate, selfNo: vehicles.selfNo, model: vehicleModels.name })
      .from(contractLines)
      .leftJoin(vehicles, and(eq(vehicles.id, contractLines.vehicleId), ofTenant(vehicles, user)))
      .leftJoin(vehicleModels, eq(vehicleModels.id, vehicles.modelId))
      .where(tenantWhere(contractLines, user, eq(contractLines.contractId, id)))
      .orderBy(asc(contractLines.lineNo)),
    db
      .select()
      .from(contractFees)
      .where(tenantWhere(contractFees, user, eq(contractFees.contractId, id)))
      .orderBy(asc(contractFees.id)),
    db
      .select()
      .from(contractPlans)
      .where(tenantWhere(contractPlans, user, eq(contractPlans.contractId, id)))
      .orderBy(asc(contractPlans.seq)),
    partyRead(scope, contract),
    contactRead(scope, contract),
    db
      .select({ name: users.userName })
      .from(users)
      .where(tenantWhere(users, user, eq(users.id, contract.salesmanId ?? 0))),
    db.select({ name: tenants.name, timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, user.tenantId)),
  ] as const);
  return { contract, lines, fees, plan, party: party[0], contact: contacts[0], salesman: salesman[0], tenant: tenant[0]! };
}

type Party = Pick<typeof customers.$inferSelect, "name" | "creditCode" | "address">;
type PartyContact = Pick<typeof customerContacts.$inferSelect, "name" | "phone">;
type PartyOf = Pick<typeof contracts.$inferSelect, "kind" | "customerId" | "supplierId">;

// The contract's other side, a supplier for a subcontract, else the customer. Each read is typed by its rows: a
// conditional over the two selects made tsc compare two drizzle select types member by member (a second).
function partyRead({ db, user }: RequestScope, contract: PartyOf): PromiseLike<Party[]> {
  if (contract.kind === "subcontract")
    return db
      .select({ name: suppliers.name, creditCode: suppliers.creditCode, address: suppliers.address })
      .from(suppliers)
      .where(tenantWhere(suppliers, user, eq(suppliers.id, contract.supplierId ?? 0)));
  return db
    .select({ name: customers.name, creditCode: customers.creditCode, address: customers.address })
    .from(customers)
    .where(tenantWhere(customers, user, eq(customers.id, contract.customerId ?? 0)));
}

function contactRead({ db, user }: RequestScope, contract: PartyOf): PromiseLike<PartyContact[]> {
  if (contract.kind === "subcontract")
    return db
      .select({ name: supplierContacts.name, phone: supplierContacts.phone })
      .from(supplierContacts)
      .where(tenantWhere(supplierContacts, user, eq(supplierContacts.supplierId, contract.supplierId ?? 0)))
      .orderBy(desc(supplierContacts.isMain), asc(supplierContacts.sort))
      .limit(1);
  return db
    .select({ name: customerContacts.name, phone: customerContacts.phone })
    .from(customerContacts)
    .where(tenantWhere(customerContacts, user, eq(customerContacts.customerId, contract.customerId ?? 0)))
    .orderBy(desc(customerContacts.isMain), asc(customerContacts.sort))
    .limit(1);
}

type Contract = NonNullable<Awaited<ReturnType<typeof readContract>>>;

/** A line's price terms as the trade words them, in one cell. */
function termsOf(lang: Language, line: Contract["lines"][number]["line"]): string {
  const t = (key: Parameters<typeof pdfText>[1], params: Record<string, string | number> = {}) => pdfText(lang, key, params);
  const terms: string[] = [];
  if (line.monthlyCents != null) terms.push(t("monthly", { amount: formatCents(line.monthlyCents) }));
  if (line.dailyCents != null) terms.push(t("daily", { amount: formatCents(line.dailyCents) }));
  if (line.shiftCents != null) terms.push(t("shift", { amount: formatCents(line.shiftCents), hours: line.shiftHours }));
  if (line.shiftOvertimeCents != null) terms.push(t("shiftOvertime", { amount: formatCents(line.shiftOvertimeCents) }));
  if (line.hourlyCents != null) terms.push(t("hourly", { amount: formatCents(line.hourlyCents) }));
  if (line.minHoursPerCall != null) terms.push(t("minHours", { hours: line.minHoursPerCall }));
  if (line.allowanceHours != null && line.allowanceOvertimeCents != null)
    terms.push(t("allowance", { hours: line.allowanceHours, per: t(line.allowancePer === "day" ? "perDay" : "perMonth"), amount: formatCents(line.allowanceOvertimeCents) }));
  if (line.idleRateBp != null) terms.push(t("idle", { rate: `${percentOfBp(line.idleRateBp)}%` }));
  if (line.faultDeduction) terms.push(t("fault"));
  if (line.operators > 0 && line.operatorMonthlyCents != null) terms.push(t("operators", { count: line.operators, amount: formatCents(line.operatorMonthlyCents) }));
  return terms.join(lang === "zh-CN" ? "；" : "; ");
}

/** The minimum term as the contract words it (6个月（第5条）, 184 days), or nothing when it sets none. */
function minTermText(lang: Language, c: { minTermMonths: number | null; minTermDays: number | null; minTermClause: string | null }): string {
  const term = c.minTermMonths ? pdfText(lang, "termMonths", { n: c.minTermMonths }) : c.minTermDays ? pdfText(lang, "termDays", { n: c.minTermDays }) : "";
  if (!term || !c.minTermClause) return term;
  return lang === "zh-CN" ? `${term}（${c.minTermClause}）` : `${term} (${c.minTermClause})`;
}

/** The words and figures of the printed contract in `lang`, the tenant's template filled in. */
async function printOf(scope: RequestScope, data: Contract, lang: Language): Promise<ContractPrint> {
  const { contract, lines, fees, plan, party, contact, salesman, tenant } = data;
  const texts = resources[lang].contractDocs.pdf;
  const t = (key: Parameters<typeof pdfText>[1], params: Record<string, string | number> = {}) => pdfText(lang, key, params);
  const [business, template] = await Promise.all([
    readTenantSettings(scope.db, scope.user.tenantId, "business", {}),
    readTenantSettings(scope.db, scope.user.tenantId, CONTRACT_PDF_SETTINGS_KEY, {}),
  ]);
  const b = business.values as Record<string, string | undefined>;
  const lessorName = b.companyName || tenant.name;
  const logoFile = b.logoFileId ? await openFile(scope.env, scope.db, scope.user.tenantId, Number(b.logoFileId)) : null;
  const logoType = ({ "image/png": "png", "image/jpeg": "jpg" } as const)[logoFile?.row.contentType as "image/png"] ?? null;
  const logo = logoFile && logoType ? { bytes: new Uint8Array(await logoFile.object.arrayBuffer()), type: logoType } : undefined;

  const values: Record<Placeholder, string> = {
    "contract.number": contract.number,
    "contract.name": contract.name,
    "contract.kind": texts.kinds[contract.kind],
    "contract.revision": String(contract.revision),
    "contract.project": contract.project ?? "",
    "contract.siteAddress": contract.siteAddress ?? "",
    "contract.signedOn": contract.signedOn ?? "",
    "contract.startOn": contract.startOn,
    "contract.plannedEndOn": contract.plannedEndOn ?? t("openEnd"),
    "contract.minTermDays": contract.minTermDays == null ? "" : String(contract.minTermDays),
    // the term as the contract words it, with its clause; nothing when none is set (the line is then left out)
    "contract.minTerm": minTermText(lang, contract),
    "contract.minTermClause": contract.minTermClause ?? "",
    "contract.dayCount": t(contract.dayCount === "calendar" ? "dayCountCalendar" : "dayCountThirty"),
    "contract.priceTax": t(contract.priceTax === "excluded" ? "priceExcluded" : "priceIncluded"),
    "contract.settlementDay": String(contract.settlementDay),
    "contract.paymentDays": String(contract.paymentDays),
    "contract.deposit": formatCents(contract.depositCents),
    "contract.taxRate": `${percentOfBp(contract.taxRateBp)}%`,
    "contract.value": formatCents(contract.valueCents),
    "contract.fixedPrice": formatCents(contract.fixedCents),
    "contract.remark": contract.remark ?? "",
    "customer.name": party?.name ?? "",
    "customer.creditCode": party?.creditCode ?? "",
    "customer.address": party?.address ?? "",
    "customer.contact": contact?.name ?? "",
    "customer.phone": contact?.phone ?? "",
    "lessor.name": lessorName,
    "lessor.address": b.address ?? "",
    "lessor.contact": b.contact ?? "",
    "lessor.phone": b.phone ?? "",
    "salesman.name": salesman?.name ?? "",
    today: todayInZone(tenant.timeZone),
  };
  const sub = contract.kind === "subcontract";
  // a sub-contract rents in: the supplier is the lessor and the tenant the hirer
  const ours = { heading: t(sub ? "renter" : "lessor"), name: lessorName, rows: [[t("address"), b.address ?? ""], [t("contact"), b.contact ?? ""], [t("phone"), b.phone ?? ""]] as [string, string][] };
  const theirs = {
    heading: t(sub ? "supplier" : "lessee"),
    name: values["customer.name"],
    rows: [[t("creditCode"), values["customer.creditCode"]], [t("address"), values["customer.address"]], [t("contact"), values["customer.contact"]], [t("phone"), values["customer.phone"]]] as [string, string][],
  };
  const parties = sub ? [theirs, ours] : [ours, theirs];

  const lineTable: PrintTable = {
    columns: [
      { label: t("lineNo"), share: 0.07 },
      { label: t("equipment"), share: 0.27 },
      { label: t("terms"), share: 0.46 },
      { label: t("period"), share: 0.2 },
    ],
    rows: lines.map(({ line, plate, selfNo, model }) => [
      String(line.lineNo),
      [plate ? `${plate}${selfNo ? ` (${selfNo})` : ""}` : t("unassigned"), model ?? equipmentTypeName(line.equipmentType, lang), line.spec ?? ""].filter(Boolean).join("\n"),
      termsOf(lang, line),
      `${line.onRentOn} – ${line.offRentOn ?? t("openEnd")}`,
    ]),
    empty: t("noLines"),
  };
  const feeTable: PrintTable = {
    columns: [
      { label: t("feeKind"), share: 0.3 },
      { label: t("feeOn"), share: 0.2 },
      { label: t("amount"), share: 0.2, align: "right" },
      { label: t("remark"), share: 0.3 },
    ],
    rows: fees.map((f) => [texts.fees[f.kind], f.feeOn ?? "", formatCents(f.amountCents), f.remark ?? ""]),
    empty: t("noFees"),
    total: fees.length ? [t("total"), "", formatCents(fees.reduce((sum, f) => sum + f.amountCents, 0)), ""] : undefined,
  };
  const planTable: PrintTable = {
    columns: [
      { label: t("seq"), share: 0.14 },
      { label: t("dueOn"), share: 0.26 },
      { label: t("amount"), share: 0.25, align: "right" },
      { label: t("remark"), share: 0.35 },
    ],
    rows: plan.map((p) => [String(p.seq), p.dueOn, formatCents(p.amountCents), p.remark ?? ""]),
    empty: t("noPlan"),
    total: plan.length ? [t("total"), "", formatCents(plan.reduce((sum, p) => sum + p.amountCents, 0)), ""] : undefined,
  };
  const signRows = [t("representative"), t("sign"), t("signedOn")];
  return {
    title: `${contract.number} ${contract.name}`,
    runningHead: `${lessorName}  ${contract.number}`,
    parts: fillTemplate(templateOf(template.values, lang), values),
    parties,
    lines: lineTable,
    fees: feeTable,
    plan: planTable,
    signatures: parties.map((p) => ({ heading: p.heading, name: p.name, rows: signRows })),
    logo,
    pageLabel: (page, pages) => t("page", { page, pages }),
    colon: lang === "zh-CN" ? "：" : ": ",
  };
}

/** The contract's PDF in `lang` with its file name, or null when the user may not see the contract. */
export async function contractPdf(scope: RequestScope, id: number, lang: Language): Promise<{ bytes: Uint8Array<ArrayBuffer>; fileName: string } | null> {
  const data = await readContract(scope, id);
  if (!data) return null;
  const bytes = await makePdf(printOf(scope, data, lang), scope.env.FILES);
  return { bytes, fileName: `${data.contract.number}${data.contract.revision > 1 ? `-v${data.contract.revision}` : ""}-${data.party?.name ?? data.contract.name}.pdf` };
}
