import { env } from "cloudflare:test";
import { unzipSync } from "fflate";
import writeExcelFile from "write-excel-file/universal";
import { describe, expect, it } from "vitest";
import { readXlsx, xlsxBlob } from "~/lib/xlsx.server";
import { get, makeTenant, signIn, unique } from "./helpers";
import { largeSheet as largeBook, lastRowOf } from "./xlsx-fixtures";

// A workbook whose files inside pass 160 KB: fflate's async zip() (write-excel-file/universal's toBlob) hands those to
// a Web Worker, which the Worker runtime lacks; every export goes through xlsxBlob, which zips synchronously, and reads
// back through readXlsx, which unzips synchronously (tests/worker/xlsx-read-large.test.ts).

/** The workbook's files, unzipped. */
const filesOf = async (file: Blob) => unzipSync(new Uint8Array(await file.arrayBuffer()));

const ROWS = 5_000;
const COLUMNS = 8;

const largeSheet = () => largeBook(ROWS, COLUMNS);

describe("a large workbook", () => {
  // the reason for xlsxBlob: once a write-excel-file upgrade makes this pass, its own toBlob() will do
  it("is too big for write-excel-file/universal's own zip on the Worker", async () => {
    await expect(writeExcelFile([{ data: largeSheet(), sheet: "大表" }]).toBlob()).rejects.toThrow(/Worker/);
  });

  it("is written by xlsxBlob and reads back whole, the last row's cells as written", async () => {
    const blob = await xlsxBlob([
      { data: largeSheet(), sheet: "大表", columns: Array.from({ length: COLUMNS }, () => ({ width: 18 })) },
      { data: [[{ value: "第二页" }]], sheet: "第二页" },
    ]);
    expect(blob.type).toContain("spreadsheetml");
    const files = await filesOf(blob);
    expect(files["xl/worksheets/sheet1.xml"]!.length).toBeGreaterThan(1_000_000);
    const sheets = await readXlsx(blob);
    expect(sheets.map((s) => s.sheet)).toEqual(["大表", "第二页"]);
    const rows = sheets[0]!.data;
    expect(rows).toHaveLength(ROWS + 1);
    expect(rows[0]).toEqual(Array.from({ length: COLUMNS }, (_, c) => `列${c + 1}`));
    expect(rows[ROWS]).toEqual(lastRowOf(ROWS, COLUMNS));
    expect(sheets[1]!.data).toEqual([["第二页"]]);
  });
});

describe("a large export over HTTP", () => {
  it("answers the user list of 2,000 users with the whole workbook", async () => {
    const t = await makeTenant({ role: "admin" });
    const cookie = await signIn(t.account, t.password);
    const prefix = unique("xl");
    const n = 2_000;
    await env.DB.prepare(
      `insert into users (tenant_id, org_id, login_account, user_name, password_hash, state, version, created_at, updated_at)
       select ?1, ?2, ?3 || i, '批量用户' || ?3 || i, 'x', 1, 1, 1600000000000 + i * 1000, 1600000000000
       from (with recursive seq(i) as (select 1 union all select i + 1 from seq where i < ?4) select i from seq)`,
    )
      .bind(t.tenantId, t.rootOrgId, prefix, n)
      .run();
    const res = await get(`/excel/user/export?q=${prefix}&sort=createdAt&order=asc`, cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("spreadsheetml");
    const file = await res.blob();
    const files = await filesOf(file);
    expect(files["xl/worksheets/sheet1.xml"]!.length).toBeGreaterThan(160_000);
    const sheet = (await readXlsx(file))[0]!.data;
    expect(sheet).toHaveLength(n + 1);
    expect(sheet[0]!.slice(0, 2)).toEqual(["登录账号", "用户名"]);
    expect(sheet[n]!.slice(0, 2)).toEqual([`${prefix}${n}`, `批量用户${prefix}${n}`]);
  });
});
