import { PDFDocument, rgb, type PDFFont, type PDFImage, type PDFPage } from "pdf-lib";
import { pdfFontkit } from "./fontkit";
import type { BlockName, TemplatePart } from "./template";

/** A table of the printed contract: column widths are shares of the text width. */
export interface PrintTable {
  columns: { label: string; share: number; align?: "left" | "right" }[];
  rows: string[][];
  /** printed instead of the table when it has no rows */
  empty: string;
  total?: string[];
}

/** Everything the page needs, already worded and formatted in the document's language. */
export interface ContractPrint {
  title: string;
  /** top of every page: the lessor's name and the contract number */
  runningHead: string;
  parts: TemplatePart[];
  /** each party: its role (出租方（甲方）), its name beside it, and its details (an empty one is not printed) */
  parties: { heading: string; name?: string; rows: [string, string][] }[];
  lines: PrintTable;
  fees: PrintTable;
  plan: PrintTable;
  signatures: { heading: string; name: string; rows: string[] }[];
  logo?: { bytes: Uint8Array; type: "png" | "jpg" };
  pageLabel: (page: number, pages: number) => string;
  /** "：" in Chinese, ": " in English */
  colon: string;
}

export interface PrintFonts {
  regular: Uint8Array;
  /** headings; the regular face when absent */
  bold?: Uint8Array;
}

// A4 in points, 18 mm margins
const PAGE = { width: 595.28, height: 841.89, margin: 51 };
const TEXT_WIDTH = PAGE.width - 2 * PAGE.margin;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.42, 0.44, 0.48);
const LINE = rgb(0.75, 0.77, 0.8);
const HEAD_FILL = rgb(0.94, 0.95, 0.97);
const SIZE = { title: 18, heading: 12, body: 10, table: 8.5, small: 8 };

/**
 * Lines of at most `width` points: Latin words stay whole (broken only when a word alone is too wide), CJK characters
 * break anywhere, but not before closing punctuation.
 */
export function wrapText(text: string, width: number, measure: (s: string) => number): string[] {
  const units = text.match(/[A-Za-z0-9@#$%&*+\-_=/\\.,;:!?'"()[\]{}<>~`^|¥€£]+ ?| +|[\s\S]/gu) ?? [];
  const lines: string[] = [];
  let line = "";
  for (let unit of units) {
    if (unit === "\n") {
      lines.push(line.trimEnd());
      line = "";
      continue;
    }
    if (measure(line + unit.trimEnd()) <= width || (line === "" && measure(unit) <= width) || (/^[，。、；：！？）》」』,.;:!?)]$/.test(unit) && line !== "")) {
      line += unit;
      continue;
    }
    if (line.trim() !== "") lines.push(line.trimEnd());
    line = "";
    // a single unit wider than the line: cut it by character
    while (measure(unit.trimEnd()) > width) {
      let cut = 1;
      while (cut < unit.length && measure(unit.slice(0, cut + 1)) <= width) cut++;
      lines.push(unit.slice(0, cut));
      unit = unit.slice(cut);
    }
    line = unit.trimStart();
  }
  if (line.trim() !== "" || lines.length === 0) lines.push(line.trimEnd());
  return lines;
}

class Writer {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];
  constructor(
    readonly doc: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
    readonly runningHead: string,
    readonly logo: PDFImage | null,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    let top = PAGE.height - PAGE.margin + 14;
    if (this.logo) {
      const height = 22;
      const width = Math.min(120, (this.logo.width / this.logo.height) * height);
      this.page.drawImage(this.logo, { x: PAGE.margin, y: top - height + 6, width, height: (width / this.logo.width) * this.logo.height });
    }
    const headWidth = this.font.widthOfTextAtSize(this.runningHead, SIZE.small);
    this.page.drawText(this.runningHead, { x: PAGE.width - PAGE.margin - headWidth, y: top - 6, size: SIZE.small, font: this.font, color: MUTED });
    top -= 22;
    this.page.drawLine({ start: { x: PAGE.margin, y: top }, end: { x: PAGE.width - PAGE.margin, y: top }, thickness: 0.5, color: LINE });
    this.y = top - 16;
  }

  /** Room for `height` points on this page, or a new page. */
  need(height: number) {
    if (this.y - height < PAGE.margin + 10) this.newPage();
  }

  text(text: string, opts: { size: number; bold?: boolean; center?: boolean; color?: ReturnType<typeof rgb>; indent?: number; gap?: number }) {
    const font = opts.bold ? this.bold : this.font;
    const leading = opts.size * 1.55;
    const indent = opts.indent ?? 0;
    for (const line of wrapText(text, TEXT_WIDTH - indent, (s) => font.widthOfTextAtSize(s, opts.size))) {
      this.need(leading);
      const x = opts.center ? (PAGE.width - font.widthOfTextAtSize(line, opts.size)) / 2 : PAGE.margin + indent;
      this.page.drawText(line, { x, y: this.y - opts.size, size: opts.size, font, color: opts.color ?? INK });
      this.y -= leading;
    }
    this.y -= opts.gap ?? 0;
  }

  rule() {
    this.need(8);
    this.page.drawLine({ start: { x: PAGE.margin, y: this.y - 3 }, end: { x: PAGE.width - PAGE.margin, y: this.y - 3 }, thickness: 0.5, color: LINE });
    this.y -= 8;
  }

  table(table: PrintTable) {
    if (table.rows.length === 0) return this.text(table.empty, { size: SIZE.body, color: MUTED, gap: 4 });
    const size = SIZE.table;
    const leading = size * 1.45;
    const pad = 4;
    const widths = table.columns.map((c) => c.share * TEXT_WIDTH);
    const rowOf = (cells: string[], font: PDFFont) => {
      const lines = cells.map((cell, i) => wrapText(cell, widths[i]! - 2 * pad, (s) => font.widthOfTextAtSize(s, size)));
      return { lines, font, height: Math.max(...lines.map((l) => l.length)) * leading + 2 * pad };
    };
    const drawRow = (row: ReturnType<typeof rowOf>, fill?: ReturnType<typeof rgb>) => {
      let x = PAGE.margin;
      if (fill) this.page.drawRectangle({ x, y: this.y - row.height, width: TEXT_WIDTH, height: row.height, color: fill });
      row.lines.forEach((lines, i) => {
        const width = widths[i]!;
        lines.forEach((line, n) => {
          const lineWidth = row.font.widthOfTextAtSize(line, size);
          const lx = table.columns[i]!.align === "right" ? x + width - pad - lineWidth : x + pad;
          this.page.drawText(line, { x: lx, y: this.y - pad - size - n * leading + 1, size, font: row.font, color: INK });
        });
        this.page.drawRectangle({ x, y: this.y - row.height, width, height: row.height, borderColor: LINE, borderWidth: 0.5 });
        x += width;
      });
      this.y -= row.height;
    };
    const header = rowOf(
      table.columns.map((c) => c.label),
      this.bold,
    );
    this.need(header.height * 2);
    drawRow(header, HEAD_FILL);
    for (const cells of [...table.rows, ...(table.total ? [table.total] : [])]) {
      const row = rowOf(cells, cells === table.total ? this.bold : this.font);
      // a row that does not fit goes to the next page, under the header again
      if (this.y - row.height < PAGE.margin + 10) {
        this.newPage();
        drawRow(header, HEAD_FILL);
      }
      drawRow(row, cells === table.total ? HEAD_FILL : undefined);
    }
    this.y -= 6;
  }
}

function drawBlock(w: Writer, print: ContractPrint, block: BlockName) {
  if (block === "lines" || block === "fees" || block === "plan") return w.table(print[block]);
  if (block === "parties") {
    for (const party of print.parties) {
      w.text(party.name ? `${party.heading}${print.colon}${party.name}` : party.heading, { size: SIZE.body, bold: true });
      for (const [label, value] of party.rows) if (value.trim()) w.text(`${label}${print.colon}${value}`, { size: SIZE.body, indent: 12 });
      w.y -= 4;
    }
    return;
  }
  // signatures: the two parties side by side, kept together on one page
  const rows = Math.max(...print.signatures.map((s) => s.rows.length)) + 2;
  const leading = SIZE.body * 2.2;
  w.need(rows * leading + 20);
  w.y -= 12;
  const columnWidth = TEXT_WIDTH / print.signatures.length;
  print.signatures.forEach((party, i) => {
    const x = PAGE.margin + i * columnWidth;
    let y = w.y;
    w.page.drawText(party.heading, { x, y: y - SIZE.body, size: SIZE.body, font: w.bold, color: INK });
    y -= leading;
    for (const line of wrapText(party.name, columnWidth - 16, (s) => w.font.widthOfTextAtSize(s, SIZE.body))) {
      w.page.drawText(line, { x, y: y - SIZE.body, size: SIZE.body, font: w.font, color: INK });
      y -= SIZE.body * 1.5;
    }
    y -= SIZE.body * 0.7;
    for (const label of party.rows) {
      w.page.drawText(`${label}${print.colon}`, { x, y: y - SIZE.body, size: SIZE.body, font: w.font, color: INK });
      const lx = x + w.font.widthOfTextAtSize(`${label}${print.colon}`, SIZE.body) + 2;
      w.page.drawLine({ start: { x: lx, y: y - SIZE.body - 2 }, end: { x: x + columnWidth - 20, y: y - SIZE.body - 2 }, thickness: 0.5, color: MUTED });
      y -= leading;
    }
  });
  w.y -= rows * leading + 12;
}

/** The contract as an A4 PDF: fonts embedded as subsets of the characters printed, so Chinese prints anywhere. */
export async function renderContractPdf(print: ContractPrint, fonts: PrintFonts): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(pdfFontkit);
  doc.setTitle(print.title);
  doc.setCreator("Derrick");
  doc.setProducer("Derrick (pdf-lib)");
  const font = await doc.embedFont(fonts.regular, { subset: true });
  const bold = fonts.bold ? await doc.embedFont(fonts.bold, { subset: true }) : font;
  const logo = print.logo ? await (print.logo.type === "png" ? doc.embedPng(print.logo.bytes) : doc.embedJpg(print.logo.bytes)).catch(() => null) : null;
  const w = new Writer(doc, font, bold, print.runningHead, logo);
  for (const part of print.parts) {
    if (part.type === "title") w.text(part.text, { size: SIZE.title, bold: true, center: true, gap: 6 });
    else if (part.type === "heading") {
      w.need(SIZE.heading * 4);
      w.y -= 4;
      w.text(part.text, { size: SIZE.heading, bold: true, gap: 2 });
    } else if (part.type === "paragraph") w.text(part.text, { size: SIZE.body });
    else if (part.type === "rule") w.rule();
    else if (part.type === "space") w.y -= SIZE.body * 0.6;
    else drawBlock(w, print, part.block);
  }
  w.pages.forEach((page, i) => {
    const label = print.pageLabel(i + 1, w.pages.length);
    page.drawText(label, { x: (PAGE.width - font.widthOfTextAtSize(label, SIZE.small)) / 2, y: PAGE.margin - 24, size: SIZE.small, font, color: MUTED });
  });
  return doc.save();
}
