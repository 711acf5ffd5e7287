/**
 * Any declared document as an A4 PDF (the house's document page's 打印 PDF): the printed contract's renderer fed with
 * the document's words (document.server.ts's DocumentContent): the title, the head as one block of label and value
 * lines, each lines table (up to three) with its totals row, the company's name and logo at the top of each page.
 */
import { eq } from "drizzle-orm";
import { tenants } from "../../../db/schema";
import type { Language } from "~/i18n";
import type { RequestScope } from "~/modules/access/access.server";
import { openFile } from "~/modules/files/files.server";
import type { DocumentContent } from "~/modules/resource/document.server";
import { readTenantSettings } from "~/modules/settings/settings.server";
import { makePdf } from "./make-pdf.server";
import type { ContractPrint, PrintTable } from "./render.server";
import type { TemplatePart } from "./template";

const WORDS = {
  "zh-CN": { page: (p: number, n: number) => `第 ${p} 页 / 共 ${n} 页`, none: "（无）", colon: "：" },
  "en-US": { page: (p: number, n: number) => `Page ${p} of ${n}`, none: "(none)", colon: ": " },
} as const;

const BLOCKS = ["lines", "fees", "plan"] as const;

/** The document's PDF bytes in `lang` (throws PdfFontMissing when the fonts are not in R2). */
export async function documentPdf(scope: RequestScope, content: DocumentContent, lang: Language): Promise<Uint8Array<ArrayBuffer>> {
  const words = WORDS[lang];
  const [business, [tenant]] = await Promise.all([readTenantSettings(scope.db, scope.user.tenantId, "business", {}), scope.db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, scope.user.tenantId))]);
  const b = business.values as Record<string, string | undefined>;
  const company = b.companyName || tenant?.name || "";
  const logoFile = b.logoFileId ? await openFile(scope.env, scope.db, scope.user.tenantId, Number(b.logoFileId)) : null;
  const logoType = ({ "image/png": "png", "image/jpeg": "jpg" } as const)[logoFile?.row.contentType as "image/png"] ?? null;
  const logo = logoFile && logoType ? { bytes: new Uint8Array(await logoFile.object.arrayBuffer()), type: logoType } : undefined;
  const tables = content.tables.slice(0, BLOCKS.length).map((t): PrintTable => {
    const shares = t.header.map((_, i) => (i === 0 ? 2 : 1));
    const sum = shares.reduce((a, x) => a + x, 0);
    return { columns: t.header.map((label, i) => ({ label, share: shares[i]! / sum, align: t.numeric[i] ? "right" : "left" })), rows: t.rows, empty: words.none, total: t.total };
  });
  const empty: PrintTable = { columns: [], rows: [], empty: "" };
  const parts: TemplatePart[] = [{ type: "title", text: content.title }, { type: "block", block: "parties" }, ...tables.flatMap((_, i): TemplatePart[] => [{ type: "heading", text: content.tables[i]!.title }, { type: "block", block: BLOCKS[i]! }])];
  const print: ContractPrint = {
    title: content.title,
    runningHead: `${company}  ${content.title}`,
    parts,
    parties: [{ heading: "", rows: content.head.map(([label, value]): [string, string] => [label, value]) }],
    lines: tables[0] ?? empty,
    fees: tables[1] ?? empty,
    plan: tables[2] ?? empty,
    signatures: [],
    logo,
    pageLabel: words.page,
    colon: words.colon,
  };
  return makePdf(print, scope.env.FILES);
}
