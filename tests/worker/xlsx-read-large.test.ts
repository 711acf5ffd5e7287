import { env, SELF } from "cloudflare:test";
import { unzipSync } from "fflate";
import readXlsxFile from "read-excel-file/universal";
import { describe, expect, it } from "vitest";
import { readXlsx, xlsxBlob } from "~/lib/xlsx.server";
import { makeTenant, ORIGIN, signIn, unique } from "./helpers";
import { largeSheet as largeBook, lastRowOf } from "./xlsx-fixtures";

// A workbook whose files inside pass 512 KB: read-excel-file/universal unzips with fflate's async unzip(), which hands
// those to a Web Worker, and the Worker runtime has none; every import reads its file through readXlsx, which unzips
// synchronously.

/** The biggest file inside the workbook, unzipped, in bytes. */
const largestEntry = async (file: Blob) => Math.max(...Object.values(unzipSync(new Uint8Array(await file.arrayBuffer()))).map((f) => f.length));

const ROWS = 6_000;
const COLUMNS = 10;

const largeSheet = () => largeBook(ROWS, COLUMNS, true);
const lastRow = lastRowOf(ROWS, COLUMNS, true);

describe("a large workbook read on the Worker", () => {
  const book = () => xlsxBlob([{ data: largeSheet(), sheet: "大表" }, { data: [[{ value: "第二页" }]], sheet: "第二页" }]);

  // the reason for readXlsx: once a read-excel-file upgrade makes this pass, its own readXlsxFile will do
  it("is too big for read-excel-file/universal's own unzip", async () => {
    const blob = await book();
    expect(await largestEntry(blob)).toBeGreaterThan(1_000_000);
    await expect(readXlsxFile(blob)).rejects.toThrow(/Worker/);
  });

  it("reads whole through readXlsx, every sheet, the last row's cells as written", async () => {
    const blob = await book();
    for (const input of [blob, await blob.arrayBuffer()]) {
      const sheets = await readXlsx(input);
      expect(sheets.map((s) => s.sheet)).toEqual(["大表", "第二页"]);
      const rows = sheets[0]!.data;
      expect(rows).toHaveLength(ROWS + 1);
      expect(rows[0]).toEqual(Array.from({ length: COLUMNS }, (_, c) => `列${c + 1}`));
      expect(rows[ROWS]).toEqual(lastRow);
      expect(sheets[1]!.data).toEqual([["第二页"]]);
    }
  });

  it("reads a small workbook as readXlsxFile does, and refuses what readXlsxFile refuses", async () => {
    const small = await xlsxBlob([{ data: [[{ value: "a" }, { value: 1 }], [null, { value: "b" }]], sheet: "小" }]);
    expect(await readXlsx(small)).toEqual(await readXlsxFile(small));
    for (const bad of [new Blob(["just,text"]), new Blob([new Uint8Array([0x50, 0x4b, 3, 4, 9, 9, 9, 9])]), new Blob([])]) {
      const refusal = (read: Promise<unknown>) => read.then(() => "read", (e: Error & { code?: string }) => [e.name, e.message, e.code]);
      expect(await refusal(readXlsx(bad))).toEqual(await refusal(readXlsxFile(bad)));
      expect(await refusal(readXlsx(bad))).not.toBe("read");
    }
  });
});

describe("a large import over HTTP", () => {
  it("answers an import of 1,000 users whose file holds over 512 KB of XML with its report", async () => {
    const t = await makeTenant({ role: "admin" });
    const cookie = await signIn(t.account, t.password);
    const orgName = (await env.DB.prepare("select name from organisations where id = ?").bind(t.rootOrgId).first<{ name: string }>())!.name;
    const good = unique("big");
    // 说明 names no field: the import skips that column, which only makes the file big (every cell its own text)
    const header = ["*登录账号", "*用户名", "*初始密码", "*所属组织", "*角色", "手机号", "状态", "说明"].map((value) => ({ value }));
    const row = (account: string, phone: string, i: number) => [account, `名${account}`, "Passw0rd@26", orgName, "只读用户", phone, "启用", `${i}：${"很长的说明文字".repeat(60)}`].map((value) => ({ value }));
    const rows = [row(good, "13911112222", 0), ...Array.from({ length: 999 }, (_, i) => row(`${good}x${i}`, "123", i + 1))];
    const file = await xlsxBlob([{ data: [header, ...rows], sheet: "用户" }]);
    expect(await largestEntry(file)).toBeGreaterThan(1_000_000);
    const body = new FormData();
    body.set("intent", "import");
    body.set("file", new File([file], "users.xlsx"));
    const res = await SELF.fetch(`${ORIGIN}/userManage`, { method: "POST", redirect: "manual", headers: { Origin: ORIGIN, Host: "localhost", Cookie: cookie }, body });
    expect(res.status).toBe(200);
    const html = (await res.text()).replace(/<!-- -->/g, "");
    expect(html).toContain("导入完成：成功 1 条，失败 999 条");
    expect(html).toMatch(/第 1001 行：手机号 请输入正确的手机号码/);
    const saved = await env.DB.prepare("select phone, tenant_id from users where login_account = ?").bind(good).first();
    expect(saved).toEqual({ phone: "13911112222", tenant_id: t.tenantId });
  });
});
