/**
 * One bill printed (PDF) and exported (Excel), issue 26 §1: its head, each item with its quantity, rate, amount and
 * tax and the clerk's decision behind it, the totals, and each machine's day-by-day evidence, in the reader's language
 * and the bill page's own words (the `bills` namespace). Read through loadBill: the user's tenant and data scope, any
 * other bill 404. The PDF is the contract PDF's renderer (ADR 010) with the bill's tables, as the statement's is.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { Cell, Row } from "write-excel-file/universal";
import { isLanguage, type Language } from "~/i18n";
import { resources } from "~/i18n/resources";
import { formatCents } from "~/lib/cents";
import { moneyCell, xlsxBlob } from "~/lib/xlsx.server";
import { equipmentTypeName } from "~/modules/telematics/vehicle-types";
import { requireScope } from "~/modules/access/access.server";
import { readPreferences } from "~/modules/auth/preferences.server";
import { makePdf } from "~/modules/contract-pdf/make-pdf.server";
import type { ContractPrint } from "~/modules/contract-pdf/render.server";
import { loadBill, PROPOSAL_STATE, type LoadedBill } from "./bill.server";
import { BILL_LIST_PATH } from "./bills.resource";
import { itemArithmetic } from "./arithmetic";
import { decisionBasis, declaredSpans, faultAlarmsOf, fill, type DeclaredSpan, type FaultAlarm } from "./decision-basis.server";
import { billPeriod } from "./periods";

/** A bill as printed: what its page shows, the lessor (the tenant) for the running head, and its machines' fault alarms. */
export type BillPrint = LoadedBill & { lessor: string; timeZone: string; faults: FaultAlarm[]; declared: DeclaredSpan[] };

type Texts = (typeof resources)["zh-CN"]["bills"];

/**
 * The bill of `?id=` for its PDF or Excel file, with the same guard as its page (the bills screen: 403 without it) and
 * the language of `?lang=` or the user's; 404 for a bill of another tenant, outside the data scope or none.
 */
export async function requireBillPrint({ request, context }: LoaderFunctionArgs): Promise<{ bill: BillPrint; lang: Language; files: R2Bucket }> {
  const scope = await requireScope(request, context, { screen: BILL_LIST_PATH });
  const url = new URL(request.url);
  const id = Number(url.searchParams.get("id"));
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response("Not Found", { status: 404 });
  const loaded = await loadBill(scope, id);
  if (!loaded) throw new Response("Not Found", { status: 404 });
  const asked = url.searchParams.get("lang");
  const vehicles = loaded.lines.map((l) => l.vehicleId).filter((v): v is number => v != null);
  const [faults, declared] = await Promise.all([faultAlarmsOf(scope.db, scope.user.tenantId, vehicles, { from: loaded.bill.periodFrom, to: loaded.bill.periodTo }, scope.user.timeZone), declaredSpans(scope.db, scope.user.tenantId, loaded.items)]);
  return { bill: { ...loaded, lessor: scope.user.tenantName, timeZone: scope.user.timeZone, faults, declared }, lang: isLanguage(asked) ? asked : readPreferences(request).lang, files: scope.env.FILES };
}

/** The items an accepted proposal changes: its kind → the rules of its line's items it is priced in (pricing.ts). */
const PROPOSAL_RULES: Record<string, readonly string[]> = {
  stopRent: ["stopRent", "daily"],
  idle: ["idle"],
  fault: ["faultDeduction"],
  overtime: ["allowanceOvertime"],
  outside: ["outsideUse"],
  onRent: ["monthly", "daily"],
  offRent: ["monthly", "daily"],
  late: ["adjustment"],
};


/** The bill's rows in `lang`'s words, with money still in cents: what both the PDF and the sheet print. */
function billRows(b: BillPrint, lang: Language) {
  const t: Texts = resources[lang].bills;
  const zh = lang === "zh-CN";
  const paren = (s: string) => (zh ? `（${s}）` : ` (${s})`);
  const lineById = new Map(b.lines.map((l) => [l.id, l]));
  const machine = (lineId: number | null) => {
    const l = lineId === null ? undefined : lineById.get(lineId);
    return l ? [fill(t.lineOf, { no: l.lineNo }), l.plate, [equipmentTypeName(l.equipmentType, lang), l.spec].filter(Boolean).join(" ")].filter(Boolean).join(" · ") : t.contractWide;
  };
  const accepted = b.proposals.filter((p) => p.state === PROPOSAL_STATE.accepted);
  const items = b.items.map((i) => {
    const feeKind = i.rule === "fee" && typeof i.basis?.kind === "string" ? i.basis.kind : null;
    const rule = (t.rules[i.rule] ?? i.rule) + (feeKind ? paren(t.fees[feeKind as keyof Texts["fees"]] ?? feeKind) : "");
    const shareBp = typeof i.basis?.shareBp === "number" ? i.basis.shareBp : null;
    // the clerk's word on the item: an adjustment's reason, the accepted proposals of its line that priced it
    const decisions = accepted
      .filter((p) => p.lineId === i.lineId && PROPOSAL_RULES[p.kind]?.includes(i.rule))
      .map((p) => fill(p.basis?.source === "clerk" ? t.print.added : t.print.accepted, { proposal: t.proposalKinds[p.kind] }) + (p.reason ? `${zh ? "：" : ": "}${p.reason}` : ""));
    const clause = (typeof i.basis?.clause === "string" ? fill(t.clauseOf, { clause: i.basis.clause }) : "") + (typeof i.basis?.declared === "string" ? fill(t.declaredOf, { number: i.basis.declared }) : "") + (typeof i.basis?.late === "string" ? fill(t.lateOf, { bill: String(i.basis.adjusts ?? ""), of: t.proposalKinds[i.basis.late as "late"] ?? i.basis.late }) : "");
    return { machine: machine(i.lineId), rule: rule + clause, quantity: i.quantity, unit: t.units[i.unit] ?? i.unit, shareBp, rateCents: i.rateCents, amountCents: i.amountCents, taxCents: i.taxCents, arithmetic: itemArithmetic(i), note: [i.note, ...decisions].filter(Boolean).join(zh ? "；" : "; ") };
  });
  const bill = b.bill;
  const adjusts = bill.kind === "adjustment" ? b.items.map((i) => i.basis?.adjusts).find((n) => typeof n === "string") : undefined;
  // the evidence behind each accepted proposal that changed money (its PDF's 计费依据)
  const basis = decisionBasis({ proposals: b.proposals, lineLabel: machine, faultsOf: (id) => b.faults.filter((f) => f.vehicleId === lineById.get(id)?.vehicleId), timeZone: b.timeZone, lang, declared: b.declared });
  return {
    t,
    zh,
    basis,
    items,
    total: { amountCents: items.reduce((s, i) => s + i.amountCents, 0), taxCents: items.reduce((s, i) => s + i.taxCents, 0) },
    // a day the terminal sent nothing for (and no out-car record) is "no data", never a day of zero hours
    evidence: b.evidence.map((e) => ({ ...e, machine: machine(e.lineId), noData: e.noData === 1 && e.calls === 0 })),
    head: {
      contract: b.contract ? `${b.contract.contractNumber} ${b.contract.contractName}` : "",
      customer: b.contract?.customer ?? "",
      period: `${bill.periodFrom} ～ ${bill.periodTo}`,
      kind: t.kinds[bill.kind] + (bill.final ? ` · ${t.finalBill}` : ""),
      state: t.states[String(bill.state) as keyof Texts["states"]] ?? String(bill.state),
      adjusts: typeof adjusts === "string" ? adjusts : null,
      // the conventions the customer will ask about: how a day's rent was taken, and whether the prices carried the tax
      dayCount: b.contract ? fill(t.dayCounts[b.contract.dayCount], { days: billPeriod(b.contract, { from: bill.periodFrom, to: bill.periodTo }).monthDays }) : "",
      priceTax: b.contract ? t.priceTaxes[b.contract.priceTax] : "",
    },
  };
}

/** A share in basis points as the page shows it: 7000 → "70%". */
const percent = (bp: number) => `${bp / 100}%`;

/** The bill's PDF bytes and file name (the bill number). Throws PdfFontMissing when the fonts are not in R2. */
export async function billPdf(files: R2Bucket, b: BillPrint, lang: Language): Promise<{ bytes: Uint8Array<ArrayBuffer>; fileName: string }> {
  const { t, zh, items, total, evidence, head, basis } = billRows(b, lang);
  const bill = b.bill;
  const print: ContractPrint = {
    title: `${t.billTitle} ${bill.number}`,
    runningHead: `${b.lessor} · ${bill.number}`,
    parts: [
      { type: "title", text: `${b.lessor} · ${t.billTitle}` },
      { type: "block", block: "parties" },
      { type: "heading", text: t.items },
      { type: "block", block: "lines" },
      { type: "heading", text: t.decisionBasis.heading },
      ...(basis.length ? basis : [t.decisionBasis.none]).map((text) => ({ type: "paragraph" as const, text })),
      { type: "heading", text: t.evidence },
      { type: "block", block: "fees" },
    ],
    parties: [
      {
        heading: `${t.number}${zh ? "：" : ": "}${bill.number}`,
        rows: [
          [t.contract, head.contract],
          [t.customer, head.customer],
          [t.period, head.period],
          [t.dueOn, bill.dueOn],
          [t.kind, head.kind],
          [t.state, head.state],
          [t.amount, formatCents(bill.amountCents)],
          [t.tax, `${formatCents(bill.taxCents)}${zh ? "（" : " ("}${percent(bill.taxRateBp)}${zh ? "）" : ")"}`],
          [t.net, formatCents(bill.amountCents - bill.taxCents)],
          [t.paid, formatCents(bill.paidCents)],
          [t.dayCount, head.dayCount],
          [t.priceTax, head.priceTax],
          ...(head.adjusts ? [[t.adjusts, head.adjusts] as [string, string]] : []),
          ...(bill.remark ? [[t.remark, bill.remark] as [string, string]] : []),
        ],
      },
    ],
    lines: {
      columns: [
        { label: t.line, share: 0.15 },
        { label: t.rule, share: 0.13 },
        { label: t.quantity, share: 0.09, align: "right" },
        { label: t.arithmetic, share: 0.26 },
        { label: t.amount, share: 0.11, align: "right" },
        { label: t.tax, share: 0.09, align: "right" },
        { label: t.note, share: 0.17 },
      ],
      rows: items.map((i) => [i.machine, i.rule, `${i.quantity} ${i.unit}`, i.arithmetic, formatCents(i.amountCents), formatCents(i.taxCents), i.note]),
      empty: t.noItems,
      total: [t.print.total, "", "", "", formatCents(total.amountCents), formatCents(total.taxCents), ""],
    },
    fees: {
      columns: [
        { label: t.line, share: 0.27 },
        { label: t.day, share: 0.13 },
        { label: t.engineHours, share: 0.12, align: "right" },
        { label: t.km, share: 0.11, align: "right" },
        { label: t.onSiteMinutes, share: 0.12, align: "right" },
        { label: t.faultMinutes, share: 0.13, align: "right" },
        { label: t.calls, share: 0.12, align: "right" },
      ],
      rows: evidence.map((e) => [e.machine, e.day, e.noData ? t.noData : e.engineHours.toFixed(1), e.noData ? "—" : String(Math.round(e.km)), e.onSiteMinutes === null ? "—" : String(e.onSiteMinutes), String(e.faultMinutes), e.calls ? String(e.calls) : ""]),
      empty: t.noEvidence,
    },
    plan: { columns: [], rows: [], empty: "" },
    signatures: [],
    pageLabel: (page, pages) => fill(t.print.page, { page, pages }),
    colon: zh ? "：" : ": ",
  };
  const bytes = await makePdf(print, files);
  return { bytes, fileName: `${bill.number}.pdf` };
}

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const bold = (value: string): Cell => ({ value, fontWeight: "bold" });
/** Money as a number of yuan, shown with separators and two decimals. */
const money = (cents: number, strong = false): Cell => moneyCell(cents, strong);
const share = (bp: number | null): Cell => (bp === null ? null : { value: bp / 10_000, type: Number, format: "0.0%" });
/** A quantity as a number when it is a decimal; an exact fraction ("21/30") stays the text the bill says. */
const quantity = (q: string): Cell => (/^-?\d+(\.\d+)?$/.test(q) ? { value: Number(q), type: Number } : q);

/**
 * The bill as one .xlsx workbook: the items sheet (the bill's head, then its items and a total row) and the evidence
 * sheet (a row per machine and day); numbers as numbers, money in yuan with two decimals, days as dates.
 */
export async function billSheet(b: BillPrint, lang: Language): Promise<{ blob: Blob; fileName: string; contentType: string }> {
  const { t, items, total, evidence, head } = billRows(b, lang);
  const bill = b.bill;
  const itemHead = [t.line, t.rule, t.quantity, t.unit, t.share, t.rate, t.amount, t.tax, t.arithmetic, t.note];
  const itemSheet: Row[] = [
    [bold(t.number), bill.number],
    [bold(t.contract), head.contract],
    [bold(t.customer), head.customer],
    [bold(t.period), head.period],
    [bold(t.dueOn), bill.dueOn],
    [bold(t.kind), head.kind],
    [bold(t.state), head.state],
    [bold(t.amount), money(bill.amountCents)],
    [bold(t.tax), money(bill.taxCents)],
    [bold(t.taxRate), share(bill.taxRateBp)],
    [bold(t.net), money(bill.amountCents - bill.taxCents)],
    [bold(t.paid), money(bill.paidCents)],
    [bold(t.dayCount), head.dayCount],
    [bold(t.priceTax), head.priceTax],
    ...(head.adjusts ? [[bold(t.adjusts), head.adjusts]] : []),
    ...(bill.remark ? [[bold(t.remark), bill.remark]] : []),
    [],
    itemHead.map(bold),
    ...items.map((i): Row => [i.machine, i.rule, quantity(i.quantity), i.unit, share(i.shareBp), money(i.rateCents), money(i.amountCents), money(i.taxCents), i.arithmetic, i.note]),
    [bold(t.print.total), null, null, null, null, null, money(total.amountCents, true), money(total.taxCents, true), null, null],
  ];
  const evidenceHead = [t.line, t.day, t.engineHours, t.km, t.onSiteMinutes, t.faultMinutes, t.calls, t.noData];
  const evidenceSheet: Row[] = [
    evidenceHead.map(bold),
    ...evidence.map((e): Row => [
      e.machine,
      { value: new Date(`${e.day}T00:00:00Z`), type: Date, format: "yyyy-mm-dd" },
      e.noData ? null : { value: e.engineHours, type: Number, format: "0.0" },
      e.noData ? null : { value: e.km, type: Number, format: "0.0" },
      e.onSiteMinutes === null ? null : { value: e.onSiteMinutes, type: Number },
      { value: e.faultMinutes, type: Number },
      { value: e.calls, type: Number },
      e.noData ? t.noData : null,
    ]),
    ...(evidence.length ? [] : [[t.noEvidence]]),
  ];
  const blob = await xlsxBlob([
    { data: itemSheet, sheet: t.items, columns: [{ width: 28 }, { width: 20 }, { width: 10 }, { width: 8 }, { width: 8 }, { width: 14 }, { width: 14 }, { width: 12 }, { width: 40 }, { width: 40 }] },
    { data: evidenceSheet, sheet: t.evidence.slice(0, 31), columns: [{ width: 28 }, { width: 12 }, ...evidenceHead.slice(2).map(() => ({ width: 16 }))] },
  ]);
  return { blob, fileName: `${bill.number}.xlsx`, contentType: XLSX };
}
