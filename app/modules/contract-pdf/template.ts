/*
 * The printed contract's template: plain text a tenant edits on /tenantConfig/contractPdf, one per language. A line is
 * a title (`# `), a section heading (`## `), a rule (`---`), a block on its own (`{{block:lines}}`, fees, plan,
 * parties, signatures), or a paragraph, wrapped to the page; `{{contract.number}}`-style placeholders are filled in
 * every line. docs/contract-pdf.md lists them.
 */
import type { Language } from "~/i18n";

export const PLACEHOLDERS = [
  "contract.number",
  "contract.name",
  "contract.kind",
  "contract.revision",
  "contract.project",
  "contract.siteAddress",
  "contract.signedOn",
  "contract.startOn",
  "contract.plannedEndOn",
  "contract.minTermDays",
  "contract.minTerm",
  "contract.minTermClause",
  "contract.dayCount",
  "contract.priceTax",
  "contract.settlementDay",
  "contract.paymentDays",
  "contract.deposit",
  "contract.taxRate",
  "contract.value",
  "contract.fixedPrice",
  "contract.remark",
  "customer.name",
  "customer.creditCode",
  "customer.address",
  "customer.contact",
  "customer.phone",
  "lessor.name",
  "lessor.address",
  "lessor.contact",
  "lessor.phone",
  "salesman.name",
  "today",
] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

export const BLOCKS = ["parties", "lines", "fees", "plan", "signatures"] as const;
export type BlockName = (typeof BLOCKS)[number];

export type TemplatePart =
  | { type: "title"; text: string }
  | { type: "heading"; text: string }
  | { type: "paragraph"; text: string }
  | { type: "rule" }
  | { type: "space" }
  | { type: "block"; block: BlockName };

const TOKEN = /\{\{\s*([\w.:]+)\s*\}\}/g;
const BLOCK_LINE = /^\{\{\s*block:(\w+)\s*\}\}$/;

/** The placeholders and blocks a template names that do not exist (the settings form refuses them). */
export function unknownPlaceholders(template: string): string[] {
  const unknown = new Set<string>();
  for (const [, name] of template.matchAll(TOKEN)) {
    const known = name!.startsWith("block:") ? (BLOCKS as readonly string[]).includes(name!.slice(6)) : (PLACEHOLDERS as readonly string[]).includes(name!);
    if (!known) unknown.add(name!);
  }
  return [...unknown];
}

/**
 * The template as parts, placeholders filled (a missing value prints as an empty string). A paragraph whose every
 * placeholder is empty is a term the contract does not set (no minimum term, no remark): it is left out, rather than
 * printed as "最短租期：天".
 */
export function fillTemplate(template: string, values: Partial<Record<Placeholder, string>>): TemplatePart[] {
  const fill = (line: string) => line.replace(TOKEN, (whole, name: string) => (name.startsWith("block:") ? whole : (values[name as Placeholder] ?? "")));
  const unset = (line: string) => {
    const names = [...line.matchAll(TOKEN)].map((m) => m[1]!);
    return names.length > 0 && names.every((n) => !n.startsWith("block:") && !(values[n as Placeholder] ?? "").trim());
  };
  return template.split(/\r?\n/).flatMap((raw): TemplatePart[] => (unset(raw) && !/^\s*#/.test(raw) ? [] : [partOf(raw)]));

  function partOf(raw: string): TemplatePart {
    const line = raw.trim();
    const block = BLOCK_LINE.exec(line)?.[1];
    if (block && (BLOCKS as readonly string[]).includes(block)) return { type: "block", block: block as BlockName };
    if (line === "") return { type: "space" };
    if (line === "---") return { type: "rule" };
    if (line.startsWith("## ")) return { type: "heading", text: fill(line.slice(3)) };
    if (line.startsWith("# ")) return { type: "title", text: fill(line.slice(2)) };
    return { type: "paragraph", text: fill(raw.trimEnd()) };
  }
}

const DEFAULT_ZH = `# {{contract.kind}}合同
合同编号：{{contract.number}}\u3000\u3000签订日期：{{contract.signedOn}}
{{block:parties}}
## 一、项目与工地
项目名称：{{contract.project}}
工地地址：{{contract.siteAddress}}
租赁期限：自 {{contract.startOn}} 起至 {{contract.plannedEndOn}} 止。
最短租期：{{contract.minTerm}}，提前终止的按最短租期补足租金。
## 二、设备清单及价格
{{block:lines}}
## 三、一次性费用
{{block:fees}}
## 四、结算与付款
合同金额：¥{{contract.value}}（含税，税率 {{contract.taxRate}}），押金 ¥{{contract.deposit}}；{{contract.priceTax}}。
租金计日方式：{{contract.dayCount}}。
每月 {{contract.settlementDay}} 日为结算日，乙方于账单日后 {{contract.paymentDays}} 天内付清当期租金及费用。
{{block:plan}}
## 五、双方约定
1. 起租日以设备进场验收之日为准；停租须由乙方书面报停，甲方确认后停止计租。
2. 设备停滞期间按约定比例计收租金；设备故障按累计 8 小时折算 1 天扣减租金，22:00 至 08:00 不计。
3. 乙方应按设备性能安全使用，不得超载作业；因乙方原因造成的损失由乙方承担。
4. 本合同未尽事宜由双方协商解决；本合同一式两份，双方各执一份，自双方签字盖章之日起生效。
备注：{{contract.remark}}
{{block:signatures}}`;

const DEFAULT_EN = `# {{contract.kind}} Contract
Contract No.: {{contract.number}}    Signed on: {{contract.signedOn}}
{{block:parties}}
## 1. Project and site
Project: {{contract.project}}
Site address: {{contract.siteAddress}}
Term: from {{contract.startOn}} to {{contract.plannedEndOn}}.
Minimum term: {{contract.minTerm}}; an early end pays the rent up to it.
## 2. Equipment and prices
{{block:lines}}
## 3. One-off fees
{{block:fees}}
## 4. Settlement and payment
Contract value: ¥{{contract.value}} (tax included at {{contract.taxRate}}), deposit ¥{{contract.deposit}}; {{contract.priceTax}}.
Rent is counted by {{contract.dayCount}}.
Each month's bill closes on day {{contract.settlementDay}}; Party B pays the period's rent and fees within {{contract.paymentDays}} days of the bill.
{{block:plan}}
## 5. Terms agreed
1. Billing starts on the day the equipment is accepted on site; it stops on Party B's written call-off once Party A confirms it.
2. Idle periods are billed at the agreed share of the rate; each cumulative 8 hours of fault is one day off the rent, hours between 22:00 and 08:00 not counted.
3. Party B uses the equipment within its rated capacity; losses caused by Party B are Party B's.
4. Matters not covered here are settled by agreement. This contract is made in two copies, one for each party, and takes effect when both have signed and sealed it.
Remark: {{contract.remark}}
{{block:signatures}}`;

/** The template in force: the tenant's own, or the default of the language. */
export function templateOf(stored: { templateZh?: unknown; templateEn?: unknown }, lang: Language): string {
  const own = lang === "zh-CN" ? stored.templateZh : stored.templateEn;
  return typeof own === "string" && own.trim() !== "" ? own : DEFAULT_TEMPLATES[lang];
}

export const DEFAULT_TEMPLATES: Record<Language, string> = { "zh-CN": DEFAULT_ZH, "en-US": DEFAULT_EN };
