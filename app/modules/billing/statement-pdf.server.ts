/**
 * The statement as a PDF (对账单), in the reader's language: the parties, the bills, every item and the machines' work,
 * and the signature block (or the online confirmation). Printed by the contract PDF's renderer (ADR 010) with the
 * statement's own tables.
 */
import { equipmentTypeName } from "~/modules/telematics/vehicle-types";
import type { Language } from "~/i18n";
import { resources } from "~/i18n/resources";
import { formatCents } from "~/lib/cents";
import { formatInZone } from "~/lib/tenant-clock";
import { makePdf } from "~/modules/contract-pdf/make-pdf.server";
import type { ContractPrint } from "~/modules/contract-pdf/render.server";
import { fill } from "./decision-basis.server";
import type { StatementPageView } from "./statement-link.server";
import type { BillRule, BillUnit } from "./types";

type PrintKey = keyof (typeof resources)["zh-CN"]["statements"]["print"];

/** The statement's PDF bytes and file name. */
export async function statementPdf(files: R2Bucket, s: StatementPageView, lang: Language): Promise<{ bytes: Uint8Array<ArrayBuffer>; fileName: string }> {
  const texts = resources[lang].statements.print;
  const bill = resources[lang].bills;
  const t = (key: PrintKey, params: Record<string, string | number> = {}) => fill(String(texts[key]), params);
  const ruleOf = (rule: BillRule, feeKind: string | null) => (rule === "fee" && feeKind && feeKind in bill.fees ? bill.fees[feeKind as keyof typeof bill.fees] : (bill.rules[rule] ?? rule));
  const unitOf = (unit: BillUnit) => bill.units[unit] ?? unit;
  const clause = (c: string | null) => (c ? fill(bill.clauseOf, { clause: c }) : "");
  const declared = (n: string | null) => (n ? fill(bill.declaredOf, { number: n }) : "");
  const items = s.bills.flatMap((b) => b.items.map((i) => [b.number.slice(-8), i.machine ?? (i.equipmentType ? equipmentTypeName(i.equipmentType, lang) : bill.contractWide), ruleOf(i.rule, i.feeKind) + clause(i.clause) + declared(i.declared), `${i.quantity} ${unitOf(i.unit)}`, i.arithmetic, formatCents(i.amountCents), formatCents(i.taxCents)]));
  const basis = s.basis;
  const interest = s.interestLines;
  const when = (ms: number | null) => (ms ? formatInZone(ms, s.timeZone, lang, { dateStyle: "medium", timeStyle: "short" }) : "");
  const print: ContractPrint = {
    title: `${resources[lang].statements.title} ${s.number}`,
    runningHead: `${s.lessor} · ${s.number}`,
    parts: [{ type: "title", text: `${s.lessor} · ${resources[lang].statements.title}` }, { type: "block", block: "parties" }, { type: "heading", text: t("bills") }, { type: "block", block: "plan" }, { type: "heading", text: t("items") }, { type: "block", block: "lines" }, { type: "heading", text: bill.decisionBasis.heading }, ...(basis.length ? basis : [bill.decisionBasis.none]).map((text) => ({ type: "paragraph" as const, text })), ...(interest.length ? [{ type: "heading" as const, text: resources[lang].statements.interest }, ...interest.map((text) => ({ type: "paragraph" as const, text }))] : []), { type: "heading", text: t("evidence") }, { type: "block", block: "fees" }, { type: "block", block: "signatures" }],
    parties: [
      {
        heading: t("parties"),
        rows: [
          [t("number"), s.number],
          [t("lessor"), s.lessor],
          [t("customer"), s.customer ?? ""],
          [t("contract"), `${s.contractNumber} ${s.contractName}`],
          [t("period"), `${s.periodFrom} ～ ${s.periodTo}`],
          [t("amount"), formatCents(s.amountCents)],
          [t("tax"), formatCents(s.taxCents)],
          [bill.dayCount, fill(bill.dayCounts[s.terms.dayCount], { days: s.terms.monthDays })],
          [bill.priceTax, bill.priceTaxes[s.terms.priceTax]],
        ],
      },
    ],
    plan: {
      columns: [
        { label: t("bill"), share: 0.36 },
        { label: t("period"), share: 0.3 },
        { label: t("due"), share: 0.14 },
        { label: t("amount"), share: 0.2, align: "right" },
      ],
      rows: s.bills.map((b) => [b.number, `${b.periodFrom} ～ ${b.periodTo}`, b.dueOn, formatCents(b.amountCents)]),
      empty: t("none"),
      total: [t("total"), "", "", formatCents(s.amountCents)],
    },
    lines: {
      columns: [
        { label: t("bill"), share: 0.1 },
        { label: t("machine"), share: 0.13 },
        { label: t("rule"), share: 0.14 },
        { label: t("quantity"), share: 0.1, align: "right" },
        { label: bill.arithmetic, share: 0.29 },
        { label: t("amount"), share: 0.13, align: "right" },
        { label: t("tax"), share: 0.11, align: "right" },
      ],
      rows: items,
      empty: t("none"),
      total: [t("total"), "", "", "", "", formatCents(s.amountCents), formatCents(s.taxCents)],
    },
    fees: {
      columns: [
        { label: t("machine"), share: 0.28 },
        { label: t("days"), share: 0.12, align: "right" },
        { label: t("active"), share: 0.14, align: "right" },
        { label: t("noData"), share: 0.14, align: "right" },
        { label: t("hours"), share: 0.16, align: "right" },
        { label: t("faults"), share: 0.16, align: "right" },
      ],
      // a machine whose terminal sent nothing is not told to have worked 0 days: its days without data stand apart
      rows: s.bills.flatMap((b) => b.evidence.map((e) => [e.machine, String(e.days), e.noDataDays === e.days ? "—" : String(e.activeDays), String(e.noDataDays), e.engineHours.toFixed(1), e.faultHours.toFixed(1)])),
      empty: t("none"),
    },
    signatures: [
      { heading: t("lessor"), name: s.lessor, rows: [t("sign"), t("date")] },
      { heading: t("customer"), name: s.customer ?? "", rows: s.confirmedName ? [t("confirmed", { name: s.confirmedName, at: when(s.confirmedAt) })] : [t("sign"), t("date")] },
    ],
    pageLabel: (page, pages) => t("page", { page, pages }),
    colon: lang === "zh-CN" ? "：" : ": ",
  };
  const bytes = await makePdf(print, files);
  return { bytes, fileName: `${s.number}.pdf` };
}
