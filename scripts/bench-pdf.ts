// The bench's contract PDF figure: a contract of three pages (twenty-eight equipment lines, fees, a plan, the default Chinese
// template) rendered the way the Worker renders it (app/modules/contract-pdf/render.server.ts), in this Node process.
import { readFileSync } from "node:fs";
import { PDFDocument } from "pdf-lib";
import { PDF_FONTS } from "../app/modules/contract-pdf/fonts.server";
import { renderContractPdf, type ContractPrint, type PrintTable } from "../app/modules/contract-pdf/render.server";
import { DEFAULT_TEMPLATES, fillTemplate } from "../app/modules/contract-pdf/template";

const table = (labels: string[], shares: number[], rows: string[][]): PrintTable => ({ columns: labels.map((label, i) => ({ label, share: shares[i]! })), rows, empty: "" });

function threePages(): ContractPrint {
  const lessor = "德瑞克起重设备租赁有限公司";
  const lessee = "中建三局第一建设工程有限公司";
  const values = { "contract.number": "HT-202611-0042", "contract.kind": "设备租赁", "contract.signedOn": "2026-11-02", "contract.project": "光谷科技园二期", "contract.siteAddress": "武汉市东湖高新区高新大道 999 号", "contract.startOn": "2026-11-05", "contract.plannedEndOn": "2027-02-04", "contract.minTermDays": "90", "contract.value": "1,234,567.89", "contract.taxRate": "9%", "contract.deposit": "50,000.00", "contract.settlementDay": "20", "contract.paymentDays": "30" };
  const terms = "月租 ¥38,000.00；台班 ¥2,500.00/8小时；超时 ¥350.00/小时；停滞期按月租 70%；故障每累计 8 小时扣 1 天（22:00–08:00 不计）；操作手 1 人，¥12,000.00/人·月";
  return {
    title: "HT-202611-0042",
    runningHead: `${lessor}  HT-202611-0042`,
    parts: fillTemplate(DEFAULT_TEMPLATES["zh-CN"], values),
    parties: [
      { heading: "出租方（甲方）", rows: [["名称", lessor], ["地址", "上海市浦东新区张江路 88 号"]] },
      { heading: "承租方（乙方）", rows: [["名称", lessee], ["统一社会信用代码", "91420000177571449P"]] },
    ],
    lines: table(["序号", "设备", "价格条款", "起租 / 停租"], [0.07, 0.27, 0.46, 0.2], Array.from({ length: 28 }, (_, i) => [String(i + 1), `鄂A${12300 + i}\nQY25K汽车起重机\n25吨`, terms, "2026-11-05 – 2027-02-04"])),
    fees: table(["费用", "发生日期", "金额（元）", "备注"], [0.3, 0.2, 0.2, 0.3], [["进场费", "2026-11-05", "3,000.00", ""], ["退场费", "2027-02-04", "3,000.00", ""]]),
    plan: table(["期数", "应付日期", "金额（元）", "备注"], [0.14, 0.26, 0.25, 0.35], [["1", "2026-12-20", "600,000.00", ""], ["2", "2027-01-20", "634,567.89", ""]]),
    signatures: [lessor, lessee].map((name, i) => ({ heading: i ? "承租方（乙方）" : "出租方（甲方）", name, rows: ["授权代表", "签字（盖章）", "日期"] })),
    pageLabel: (page, pages) => `第 ${page} 页 / 共 ${pages} 页`,
    colon: "：",
  };
}

/** Times `runs` renders of a three-page contract after one warm-up: its pages, size and the p50 and worst in ms. */
export async function pdfBench(runs = 10): Promise<{ pages: number; bytes: number; first: number; p50: number; max: number }> {
  const fonts = { regular: readFileSync(`node_modules/${PDF_FONTS.regular.file}`), bold: readFileSync(`node_modules/${PDF_FONTS.bold.file}`) };
  const print = threePages();
  let start = performance.now();
  const pdf = await renderContractPdf(print, fonts);
  const first = performance.now() - start;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    start = performance.now();
    await renderContractPdf(print, fonts);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const pages = (await PDFDocument.load(pdf)).getPageCount();
  return { pages, bytes: pdf.length, first, p50: times[Math.floor(times.length / 2)]!, max: times[times.length - 1]! };
}
